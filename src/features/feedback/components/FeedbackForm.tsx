import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { showError } from '@shared/lib/toast.ts';
import { useT } from '../../../i18n/use-t.ts';
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
import { choiceOptions, feedbackErrorText } from '../feedback-text.ts';
import { ChoiceQuestion } from './ChoiceQuestion.tsx';

interface FeedbackFormProps {
  /** The response is stored (or the database says one already was): show the thank-you. */
  onReceived: () => void;
  onCancel: () => void;
}

/** The survey of SPEC §3: required choices, optional free text, the frustrating follow-up of §4. */
export function FeedbackForm({ onReceived, onCancel }: FeedbackFormProps) {
  const t = useT();
  const form = useForm<FeedbackValues>({ initialValues: EMPTY_FEEDBACK, validate: validateFeedback });
  const [isSubmitting, setIsSubmitting] = useState(false);
  const { values, errors } = form;
  const scale = choiceOptions(SCALE_OPTIONS, t);
  const yesNo = choiceOptions(YES_NO, t);

  const choice = (field: FeedbackField) => ({
    field,
    value: values[field],
    // The rules return SPEC's English sentence; the question shows it in the person's language.
    error: feedbackErrorText(errors[field] as string | undefined, t),
    onChange: (value: string) => form.setFieldValue(field, value),
  });
  const text = (field: FeedbackField) => ({
    ...form.getInputProps(field),
    error: feedbackErrorText(errors[field] as string | undefined, t),
    'data-feedback-field': field,
    autosize: true,
    minRows: 2,
    maxRows: 6,
    maxLength: MAX_ANSWER_LENGTH + 1,
  });

  // Each question's props, named outside the markup (the lint reads a literal in JSX as text).
  const choices = {
    satisfaction: choice('satisfaction'),
    frustrating: choice('frustrating'),
    mostFeature: choice('most_feature'),
    goalHelp: choice('goal_help'),
    pmf: choice('pmf'),
    support: choice('support'),
  };
  const texts = {
    reason: text('reason'),
    frustratingDetail: text('frustrating_detail'),
    wishFeature: text('wish_feature'),
    moreValuable: text('more_valuable'),
    changeOne: text('change_one'),
    otherFeedback: text('other_feedback'),
  };

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
      showError(t('feedback.sendFailed'));
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
    <form noValidate aria-label={t('feedback.form.label')} onSubmit={handleSubmit}>
      <Stack gap="lg">
        <Text c="dimmed">{t('feedback.intro')}</Text>

        <ChoiceQuestion
          {...choices.satisfaction}
          label={t('feedback.satisfaction')}
          description={t('feedback.satisfaction.scale')}
          options={scale}
          isInline
        />
        <Textarea {...texts.reason} label={t('feedback.reason')} />

        <ChoiceQuestion
          {...choices.frustrating}
          label={t('feedback.frustrating')}
          options={yesNo}
          isInline
          onChange={(answer) => form.setValues(withFrustratingAnswer(form.getValues(), answer))}
        />
        {isFollowUpShown(values) && (
          <Textarea {...texts.frustratingDetail} label={t('feedback.frustratingDetail')} withAsterisk />
        )}

        <ChoiceQuestion
          {...choices.mostFeature}
          label={t('feedback.mostFeature')}
          options={choiceOptions(MOST_FEATURE_OPTIONS, t)}
        />
        <Textarea {...texts.wishFeature} label={t('feedback.wishFeature')} />

        <ChoiceQuestion
          {...choices.goalHelp}
          label={t('feedback.goalHelp')}
          description={t('feedback.goalHelp.scale')}
          options={scale}
          isInline
        />
        <ChoiceQuestion {...choices.pmf} label={t('feedback.pmf')} options={choiceOptions(PMF_OPTIONS, t)} />
        <ChoiceQuestion {...choices.support} label={t('feedback.support')} options={yesNo} isInline />

        <Textarea {...texts.moreValuable} label={t('feedback.moreValuable')} />
        <Textarea {...texts.changeOne} label={t('feedback.changeOne')} />
        <Textarea {...texts.otherFeedback} label={t('feedback.otherFeedback')} />

        <Divider />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            {t('feedback.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} loaderProps={{ 'aria-label': t('feedback.sending') }}>
            {t('feedback.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
