import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { showError } from '@shared/lib/toast.ts';
import { submitFeedback } from '../api/submit-feedback.ts';
import {
  EMPTY_FEEDBACK,
  MAX_ANSWER_LENGTH,
  MOST_FEATURE_OPTIONS,
  PMF_OPTIONS,
  SCALE_OPTIONS,
  YES_NO,
  firstInvalidField,
  isFollowUpShown,
  toFeedbackRow,
  validateFeedback,
  withFrustratingAnswer,
  type FeedbackErrors,
  type FeedbackField,
  type FeedbackValues,
} from '../feedback-answers.ts';
import { ChoiceQuestion } from './ChoiceQuestion.tsx';

interface FeedbackFormProps {
  /** The response is stored (or the database says one already was): show the thank-you. */
  onReceived: () => void;
  onCancel: () => void;
}

/** The survey of SPEC §3: required choices, optional free text, the frustrating follow-up of §4. */
export function FeedbackForm({ onReceived, onCancel }: FeedbackFormProps) {
  const form = useForm<FeedbackValues>({ initialValues: EMPTY_FEEDBACK, validate: validateFeedback });
  const [isSubmitting, setIsSubmitting] = useState(false);
  const { values, errors } = form;

  const choice = (field: FeedbackField) => ({
    field,
    value: values[field],
    error: errors[field] as string | undefined,
    onChange: (value: string) => form.setFieldValue(field, value),
  });
  const text = (field: FeedbackField) => ({
    ...form.getInputProps(field),
    'data-feedback-field': field,
    autosize: true,
    minRows: 2,
    maxRows: 6,
    maxLength: MAX_ANSWER_LENGTH + 1,
  });

  /** The first unanswered question may be far above the button: bring it into view and focus it. */
  const showFirstError = (formElement: HTMLFormElement, validationErrors: FeedbackErrors) => {
    const field = firstInvalidField(validationErrors);
    const target = field ? formElement.querySelector<HTMLElement>(`[data-feedback-field="${field}"]`) : null;
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    const input = target.matches('input, textarea') ? target : target.querySelector<HTMLElement>('input, textarea');
    input?.focus({ preventScroll: true });
  };

  const submit = async (valid: FeedbackValues) => {
    setIsSubmitting(true);
    try {
      // Stored, or the database already holds a response: either way the thank-you (which takes
      // focus) is the confirmation; a toast would repeat it.
      await submitFeedback(toFeedbackRow(valid));
      onReceived();
    } catch (error) {
      // The survey's answers stay in the form, so the company can simply press Submit again.
      console.warn('Feedback was not saved', error);
      showError('Your feedback could not be sent. Please try again');
      setIsSubmitting(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const formElement = event.currentTarget;
    form.onSubmit(
      (valid) => void submit(valid),
      (validationErrors) => showFirstError(formElement, validationErrors),
    )(event);
  };

  return (
    <form noValidate aria-label="Feedback survey" onSubmit={handleSubmit}>
      <Stack gap="lg">
        <Text c="dimmed">
          Tell us how CareCover works for your agency. It takes about two minutes; required questions are marked with an
          asterisk (*).
        </Text>

        <ChoiceQuestion
          {...choice('satisfaction')}
          label="How satisfied are you with CareCover?"
          description="1 = not at all satisfied, 5 = very satisfied"
          options={SCALE_OPTIONS}
          isInline
        />
        <Textarea {...text('reason')} label="What is the main reason for your score?" />

        <ChoiceQuestion
          {...choice('frustrating')}
          label="Has anything about CareCover frustrated you?"
          options={YES_NO}
          isInline
          onChange={(answer) => form.setValues(withFrustratingAnswer(form.getValues(), answer))}
        />
        {isFollowUpShown(values) && (
          <Textarea {...text('frustrating_detail')} label="What was frustrating?" withAsterisk />
        )}

        <ChoiceQuestion
          {...choice('most_feature')}
          label="Which feature do you value most?"
          options={MOST_FEATURE_OPTIONS}
        />
        <Textarea {...text('wish_feature')} label="Which feature do you wish CareCover had?" />

        <ChoiceQuestion
          {...choice('goal_help')}
          label="How much does CareCover help you reach your staffing goals?"
          description="1 = not at all, 5 = a great deal"
          options={SCALE_OPTIONS}
          isInline
        />
        <ChoiceQuestion
          {...choice('pmf')}
          label="How would you feel if you could no longer use CareCover?"
          options={PMF_OPTIONS}
        />
        <ChoiceQuestion
          {...choice('support')}
          label="Have you needed help from our support team?"
          options={YES_NO}
          isInline
        />

        <Textarea {...text('more_valuable')} label="What would make CareCover more valuable to you?" />
        <Textarea {...text('change_one')} label="If you could change one thing about CareCover, what would it be?" />
        <Textarea {...text('other_feedback')} label="Anything else you would like to tell us?" />

        <Divider />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} loaderProps={{ 'aria-label': 'Sending feedback' }}>
            Submit feedback
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
