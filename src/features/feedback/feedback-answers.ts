/**
 * The feedback survey's answers (SPEC §3), the follow-up rule of §4 and the validation: pure, so
 * the rules are unit-tested apart from the modal. Values are kept as strings while editing (radio
 * groups hold strings) and turned into the table's row by `toFeedbackRow`.
 */
import type { TablesInsert } from '@shared/types/database.types.ts';

export const YES_NO = ['Yes', 'No'] as const;
export type YesNo = (typeof YES_NO)[number];

/** SPEC §3's most_feature values; {product}AI is the assistant, 'CareCover AI'. */
export const MOST_FEATURE_OPTIONS = ['Shift Call', 'CareCover AI', 'Shift List', 'Staff List'] as const;
export const PMF_OPTIONS = ['Very disappointed', 'Somewhat disappointed', 'Not disappointed'] as const;
/** SPEC §9: both scales run from 1 to 5. */
export const SCALE_OPTIONS = ['1', '2', '3', '4', '5'] as const;
/** Long enough for a paragraph, short enough that a pasted document is caught in the form. */
export const MAX_ANSWER_LENGTH = 2000;

export interface FeedbackValues {
  satisfaction: string;
  reason: string;
  frustrating: YesNo | '';
  frustrating_detail: string;
  most_feature: string;
  wish_feature: string;
  goal_help: string;
  pmf: string;
  support: YesNo | '';
  more_valuable: string;
  change_one: string;
  other_feedback: string;
}

export type FeedbackField = keyof FeedbackValues;
export type FeedbackErrors = Partial<Record<FeedbackField, string>>;

export const EMPTY_FEEDBACK: FeedbackValues = {
  satisfaction: '',
  reason: '',
  frustrating: '',
  frustrating_detail: '',
  most_feature: '',
  wish_feature: '',
  goal_help: '',
  pmf: '',
  support: '',
  more_valuable: '',
  change_one: '',
  other_feedback: '',
};

export const TEXT_FIELDS = [
  'reason',
  'frustrating_detail',
  'wish_feature',
  'more_valuable',
  'change_one',
  'other_feedback',
] as const satisfies readonly FeedbackField[];

export const feedbackMessages = {
  satisfaction: 'Please rate your satisfaction from 1 to 5',
  frustrating: 'Please answer Yes or No',
  frustrating_detail: 'Please tell us what was frustrating',
  most_feature: 'Please choose the feature you value most',
  goal_help: 'Please rate how much CareCover helps, from 1 to 5',
  pmf: 'Please choose how you would feel',
  support: 'Please answer Yes or No',
  tooLong: `Please keep this answer under ${MAX_ANSWER_LENGTH} characters`,
} as const;

/** SPEC §4: the follow-up text box is shown only while the frustrating answer is Yes. */
export function isFollowUpShown(values: Pick<FeedbackValues, 'frustrating'>): boolean {
  return values.frustrating === 'Yes';
}

/**
 * SPEC §4: answering the frustrating question reveals the follow-up on Yes and clears it on No,
 * so an answer typed before switching to No is never sent.
 */
export function withFrustratingAnswer(values: FeedbackValues, answer: string): FeedbackValues {
  const frustrating = answer === 'Yes' || answer === 'No' ? answer : '';
  return {
    ...values,
    frustrating,
    frustrating_detail: frustrating === 'Yes' ? values.frustrating_detail : '',
  };
}

const isOneOf = (options: readonly string[], value: string) => options.includes(value);

/** Errors by field; empty when the survey can be sent. Text answers are optional except the follow-up. */
export function validateFeedback(values: FeedbackValues): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (!isOneOf(SCALE_OPTIONS, values.satisfaction)) errors.satisfaction = feedbackMessages.satisfaction;
  if (!isOneOf(YES_NO, values.frustrating)) errors.frustrating = feedbackMessages.frustrating;
  if (isFollowUpShown(values) && values.frustrating_detail.trim() === '') {
    errors.frustrating_detail = feedbackMessages.frustrating_detail;
  }
  if (!isOneOf(MOST_FEATURE_OPTIONS, values.most_feature)) errors.most_feature = feedbackMessages.most_feature;
  if (!isOneOf(SCALE_OPTIONS, values.goal_help)) errors.goal_help = feedbackMessages.goal_help;
  if (!isOneOf(PMF_OPTIONS, values.pmf)) errors.pmf = feedbackMessages.pmf;
  if (!isOneOf(YES_NO, values.support)) errors.support = feedbackMessages.support;
  for (const field of TEXT_FIELDS) {
    if (errors[field] === undefined && values[field].trim().length > MAX_ANSWER_LENGTH) {
      errors[field] = feedbackMessages.tooLong;
    }
  }
  return errors;
}

/** The order the survey shows its questions in, so the first error can be brought into view. */
export const FIELD_ORDER: readonly FeedbackField[] = [
  'satisfaction',
  'reason',
  'frustrating',
  'frustrating_detail',
  'most_feature',
  'wish_feature',
  'goal_help',
  'pmf',
  'support',
  'more_valuable',
  'change_one',
  'other_feedback',
];

export function firstInvalidField(errors: FeedbackErrors): FeedbackField | undefined {
  return FIELD_ORDER.find((field) => errors[field] !== undefined);
}

export type FeedbackRow = Omit<TablesInsert<'feedback_responses'>, 'id' | 'company_id' | 'created_at'>;

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The feedback_responses row for valid answers: numbers for the scales, null for blank text. */
export function toFeedbackRow(values: FeedbackValues): FeedbackRow {
  return {
    satisfaction: Number(values.satisfaction),
    reason: text(values.reason),
    frustrating: values.frustrating,
    frustrating_detail: isFollowUpShown(values) ? text(values.frustrating_detail) : null,
    most_feature: values.most_feature,
    wish_feature: text(values.wish_feature),
    goal_help: Number(values.goal_help),
    pmf: values.pmf,
    support: values.support,
    more_valuable: text(values.more_valuable),
    change_one: text(values.change_one),
    other_feedback: text(values.other_feedback),
  };
}
