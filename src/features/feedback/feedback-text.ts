/**
 * The survey's answers and messages in the person's language (issue 29). The choices' values stay
 * SPEC §3's English ones, which feedback_responses stores; only their names are translated. The
 * rules (feedback-answers.ts) return SPEC's English sentence, which their tests pin; a question
 * shows it in the person's language through this table.
 */
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';
import { MAX_ANSWER_LENGTH, feedbackMessages } from './feedback-answers.ts';

export interface ChoiceOption {
  /** The stored value (SPEC §3's English). */
  value: string;
  label: string;
}

const KEY_OF_CHOICE: Partial<Record<string, DashboardKey>> = {
  Yes: 'feedback.choice.yes',
  No: 'feedback.choice.no',
  'Shift Call': 'feedback.choice.shiftCall',
  'CareCover AI': 'feedback.choice.assistant',
  'Shift List': 'feedback.choice.shiftList',
  'Staff List': 'feedback.choice.staffList',
  'Very disappointed': 'feedback.choice.veryDisappointed',
  'Somewhat disappointed': 'feedback.choice.somewhatDisappointed',
  'Not disappointed': 'feedback.choice.notDisappointed',
};

/** A stored choice's name; one without a name (the scales' 1 to 5) shows its value. */
export function choiceLabel(value: string, t: Translate<DashboardKey>): string {
  const key = KEY_OF_CHOICE[value];
  return key ? t(key) : value;
}

/** A question's choices: the stored values with their names, in the order given. */
export function choiceOptions(values: readonly string[], t: Translate<DashboardKey>): ChoiceOption[] {
  return values.map((value) => ({ value, label: choiceLabel(value, t) }));
}

const KEY_OF_MESSAGE: Partial<Record<string, DashboardKey>> = {
  [feedbackMessages.satisfaction]: 'feedback.error.satisfaction',
  // frustrating and support share the sentence.
  [feedbackMessages.frustrating]: 'feedback.error.yesNo',
  [feedbackMessages.frustrating_detail]: 'feedback.error.frustratingDetail',
  [feedbackMessages.most_feature]: 'feedback.error.mostFeature',
  [feedbackMessages.goal_help]: 'feedback.error.goalHelp',
  [feedbackMessages.pmf]: 'feedback.error.pmf',
  [feedbackMessages.tooLong]: 'feedback.error.tooLong',
};

/** A rule's message in the person's language; nothing (no error) stays nothing. */
export function feedbackErrorText(message: string | undefined, t: Translate<DashboardKey>): string | undefined {
  if (message === undefined) return undefined;
  const key = KEY_OF_MESSAGE[message];
  return key ? t(key, { max: MAX_ANSWER_LENGTH }) : message;
}
