/**
 * The tutorial's walk-through (issue 10): what a new agency needs to know, in the order it will
 * need it, each step's words in the catalogue. Kept apart from the modal so the step order and the
 * next/back rules are unit-tested.
 */
import type { DashboardKey } from '../../i18n/catalogues.ts';

export type TutorialStepId = 'post-shift' | 'shift-details' | 'company-code' | 'assistant' | 'plans';

export interface TutorialStep {
  id: TutorialStepId;
  titleKey: DashboardKey;
  bodyKey: DashboardKey;
}

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  { id: 'post-shift', titleKey: 'tutorial.step.postShift.title', bodyKey: 'tutorial.step.postShift.body' },
  { id: 'shift-details', titleKey: 'tutorial.step.shiftDetails.title', bodyKey: 'tutorial.step.shiftDetails.body' },
  { id: 'company-code', titleKey: 'tutorial.step.companyCode.title', bodyKey: 'tutorial.step.companyCode.body' },
  { id: 'assistant', titleKey: 'tutorial.step.assistant.title', bodyKey: 'tutorial.step.assistant.body' },
  { id: 'plans', titleKey: 'tutorial.step.plans.title', bodyKey: 'tutorial.step.plans.body' },
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
