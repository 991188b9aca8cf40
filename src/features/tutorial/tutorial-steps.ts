/**
 * The tutorial's walk-through (issue 10): what a new agency needs to know, in the order it will
 * need it. Kept apart from the modal so the step order and the next/back rules are unit-tested.
 */
export type TutorialStepId = 'post-shift' | 'shift-details' | 'company-code' | 'assistant' | 'plans';

export interface TutorialStep {
  id: TutorialStepId;
  title: string;
  body: string;
}

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    id: 'post-shift',
    title: 'Post a shift',
    body:
      'Open Shift Call, say who you need (staff type and skill), when and where, then press Submit. ' +
      'Every frontline staff member who works for you and can take it is notified at once, or your best matches first.',
  },
  {
    id: 'shift-details',
    title: 'Follow it in Shift Details',
    body:
      'Each shift shows who accepted it and when they clocked in and out. Right-click a row to clock ' +
      'staff out, copy the Shift ID or delete the shift.',
  },
  {
    id: 'company-code',
    title: 'Your staff join with your company code',
    body:
      'Staff download the CareCover app and sign up with this code. They then appear in your Staff List ' +
      'and receive your shifts.',
  },
  {
    id: 'assistant',
    title: 'Ask the assistant',
    body:
      'Press the sparkle button at the top of the dashboard to ask about your shifts and staff in plain ' +
      'words, for example "Provide me details about a shift".',
  },
  {
    id: 'plans',
    title: 'Pick the plan that fits',
    body:
      'Start on the Free plan and move to Premium when you need more: Get Premium is in the sidebar, and ' +
      'Payments & Plan in the profile menu.',
  },
];

/** The step after `index`, or null on the last one (the tutorial is finished). */
export function nextStep(index: number, total = TUTORIAL_STEPS.length): number | null {
  return index + 1 < total ? index + 1 : null;
}

/** The step before `index`, staying on the first. */
export function previousStep(index: number): number {
  return Math.max(0, index - 1);
}

/** Progress through the walk-through in percent; the first step already shows some progress. */
export function progressPercent(index: number, total = TUTORIAL_STEPS.length): number {
  return Math.round(((index + 1) / total) * 100);
}
