import { describe, expect, it } from 'vitest';
import {
  EMPTY_FEEDBACK,
  MAX_ANSWER_LENGTH,
  feedbackMessages,
  firstInvalidField,
  isFollowUpShown,
  toFeedbackRow,
  validateFeedback,
  withFrustratingAnswer,
  type FeedbackValues,
} from './feedback-answers.ts';

const complete: FeedbackValues = {
  satisfaction: '4',
  reason: '  Staff answer fast  ',
  frustrating: 'Yes',
  frustrating_detail: 'Too many clicks',
  most_feature: 'CareCover AI',
  wish_feature: 'Recurring shifts',
  goal_help: '5',
  pmf: 'Somewhat disappointed',
  support: 'No',
  more_valuable: 'Live status',
  change_one: 'Bulk posting',
  other_feedback: '',
};

describe('the frustrating follow-up (SPEC §4)', () => {
  it('is hidden until the answer is Yes', () => {
    expect(isFollowUpShown(EMPTY_FEEDBACK)).toBe(false);
    expect(isFollowUpShown(withFrustratingAnswer(EMPTY_FEEDBACK, 'Yes'))).toBe(true);
    expect(isFollowUpShown(withFrustratingAnswer(EMPTY_FEEDBACK, 'No'))).toBe(false);
  });

  it('is cleared by No, so text typed before switching is never sent', () => {
    const typed = { ...withFrustratingAnswer(EMPTY_FEEDBACK, 'Yes'), frustrating_detail: 'Slow map' };
    const no = withFrustratingAnswer(typed, 'No');
    expect(no).toMatchObject({ frustrating: 'No', frustrating_detail: '' });
    expect(withFrustratingAnswer(no, 'Yes').frustrating_detail).toBe('');
  });

  it('keeps the follow-up when Yes is chosen again and leaves other answers alone', () => {
    const typed = { ...complete, frustrating_detail: 'Slow map' };
    expect(withFrustratingAnswer(typed, 'Yes')).toEqual(typed);
  });

  it('treats anything but Yes or No as unanswered', () => {
    expect(withFrustratingAnswer(complete, 'Maybe')).toMatchObject({ frustrating: '', frustrating_detail: '' });
  });
});

describe('validateFeedback', () => {
  it('asks for every required answer with its own message', () => {
    expect(validateFeedback(EMPTY_FEEDBACK)).toEqual({
      satisfaction: feedbackMessages.satisfaction,
      frustrating: feedbackMessages.frustrating,
      most_feature: feedbackMessages.most_feature,
      goal_help: feedbackMessages.goal_help,
      pmf: feedbackMessages.pmf,
      support: feedbackMessages.support,
    });
    expect(feedbackMessages.satisfaction).toBe('Please rate your satisfaction from 1 to 5');
  });

  it('accepts a complete survey; the free-text answers are optional', () => {
    expect(validateFeedback(complete)).toEqual({});
    expect(
      validateFeedback({ ...complete, frustrating: 'No', frustrating_detail: '', reason: '', wish_feature: '' }),
    ).toEqual({});
  });

  it('requires the follow-up only when the answer is Yes', () => {
    expect(validateFeedback({ ...complete, frustrating_detail: '   ' })).toEqual({
      frustrating_detail: 'Please tell us what was frustrating',
    });
    expect(validateFeedback({ ...complete, frustrating: 'No', frustrating_detail: '' })).toEqual({});
  });

  it('accepts only SPEC §3 values for the choices and 1 to 5 for the scales', () => {
    const errors = validateFeedback({
      ...complete,
      satisfaction: '6',
      goal_help: '0',
      most_feature: 'Payroll',
      pmf: 'Thrilled',
      support: 'Maybe' as FeedbackValues['support'],
    });
    expect(Object.keys(errors).sort()).toEqual(['goal_help', 'most_feature', 'pmf', 'satisfaction', 'support']);
  });

  it('limits the length of text answers', () => {
    const long = 'x'.repeat(MAX_ANSWER_LENGTH + 1);
    expect(validateFeedback({ ...complete, other_feedback: long })).toEqual({
      other_feedback: feedbackMessages.tooLong,
    });
    expect(validateFeedback({ ...complete, other_feedback: 'x'.repeat(MAX_ANSWER_LENGTH) })).toEqual({});
  });

  it('names the first invalid field in the order the survey shows them', () => {
    expect(firstInvalidField(validateFeedback(EMPTY_FEEDBACK))).toBe('satisfaction');
    expect(firstInvalidField({ pmf: 'x', frustrating_detail: 'y' })).toBe('frustrating_detail');
    expect(firstInvalidField({})).toBeUndefined();
  });
});

describe('toFeedbackRow', () => {
  it('stores numbers for the scales, trimmed text and null for blank answers', () => {
    expect(toFeedbackRow(complete)).toEqual({
      satisfaction: 4,
      reason: 'Staff answer fast',
      frustrating: 'Yes',
      frustrating_detail: 'Too many clicks',
      most_feature: 'CareCover AI',
      wish_feature: 'Recurring shifts',
      goal_help: 5,
      pmf: 'Somewhat disappointed',
      support: 'No',
      more_valuable: 'Live status',
      change_one: 'Bulk posting',
      other_feedback: null,
    });
  });

  it('never sends a follow-up for a No answer', () => {
    expect(toFeedbackRow({ ...complete, frustrating: 'No' }).frustrating_detail).toBeNull();
  });
});
