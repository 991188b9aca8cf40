import { useState, type FocusEvent, type FormEvent, type ReactNode } from 'react';
import { Button, Grid, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { useCareRoleName } from '@shared/i18n/care-role-names.ts';
import { useCountryName } from '@shared/i18n/country-names.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { utcToWallClock } from '@shared/lib/zoned-time.ts';
import { useT } from '../../../i18n/use-t.ts';
import { saveDispatchMode } from '../api/save-dispatch-mode.ts';
import { useShiftCallRuleText } from '../hooks/use-shift-call-rule-text.ts';
import { bestMatchesSentText, type DispatchMode } from '../dispatch-mode.ts';
import { useShiftDraft } from '../hooks/use-shift-draft.ts';
import { postShift, type PostedShift } from '../post-shift.ts';
import { PLAN_LIMIT_MESSAGE, PostShiftError, saveFailure } from '../post-shift-errors.ts';
import { DispatchOptions } from './DispatchOptions.tsx';
import { ShiftDateTimeField } from './ShiftDateTimeField.tsx';
import { ShiftPostedNotice } from './ShiftPostedNotice.tsx';
import { hasErrors, validateShiftCall } from '../shift-call-rules.ts';
import { SKILL_OPTIONS, STAFF_TYPE_OPTIONS } from '@shared/config/care-roles.ts';
import { regionOptions, SHIFT_COUNTRY_OPTIONS, type RegionOption } from '../shift-call-options.ts';
import { confirmationText, shiftDuration } from '../shift-call-text.ts';
import { EMPTY_SHIFT_CALL, type ShiftCallField, type ShiftCallValues } from '../shift-call-values.ts';

interface ShiftCallFormProps {
  companyId: string;
  /** The code staff join with: named when a post reached nobody. */
  companyCode: string | null;
  /** The company's IANA zone: the pickers' times are read in it. */
  timeZone: string;
  /**
   * The free plan's shifts are used up: Submit says so and opens the upsell before any confirmation
   * (the database refuses the insert anyway).
   */
  isAtPlanLimit: boolean;
  /** The free plan's limit was hit: the shell opens the pricing prompt. */
  onPlanLimit: () => void;
  /** The agency's saved dispatch mode, which the form starts from. */
  defaultDispatchMode: DispatchMode;
}

/** With nobody notified, the warning comes first and SPEC's toast this much later, so it is read second. */
const TOAST_AFTER_WARNING_MS = 1_500;

/** SPEC §2's Shift Call form: validate on submit, confirm, then post (geocode → save → notify). */
export function ShiftCallForm({
  companyId,
  companyCode,
  timeZone,
  isAtPlanLimit,
  onPlanLimit,
  defaultDispatchMode,
}: ShiftCallFormProps) {
  const form = useForm<ShiftCallValues>({ initialValues: EMPTY_SHIFT_CALL });
  const t = useT();
  const ruleText = useShiftCallRuleText();
  const careRoleName = useCareRoleName();
  const { locale } = useLocale();
  const named = (options: string[]) => options.map((value) => ({ value, label: careRoleName(value) }));
  // Canada's provinces and territories in the person's language; US states keep their names.
  const regionNamed = (options: RegionOption[]) =>
    options.map(({ value, label, labelKey }) => ({ value, label: labelKey ? t(labelKey) : label }));
  const countryName = useCountryName();
  const [dispatchMode, setDispatchMode] = useState<DispatchMode>(defaultDispatchMode);
  const [isOvertimeAllowed, setIsOvertimeAllowed] = useState(false);
  // The saved default can change elsewhere (another tab): the form follows it (React's pattern for
  // state derived from a prop, adjusted during render).
  const [savedDefault, setSavedDefault] = useState(defaultDispatchMode);
  if (savedDefault !== defaultDispatchMode) {
    setSavedDefault(defaultDispatchMode);
    setDispatchMode(defaultDispatchMode);
  }
  const changeDispatchMode = (mode: DispatchMode) => {
    setDispatchMode(mode);
    saveDispatchMode(companyId, mode).catch(() => showError(t('shiftCall.dispatch.saveFailed')));
  };
  const draft = useShiftDraft(companyId, form.values, (values) => form.setValues(values));
  const [question, setQuestion] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [posted, setPosted] = useState<PostedShift | null>(null);
  // An address matched only to its street: what was matched, and the paused post's answer.
  const [approximate, setApproximate] = useState<{ matched: string; answer: (post: boolean) => void } | null>(null);
  const confirmApproximate = (matched: string) =>
    new Promise<boolean>((answer) => {
      setQuestion(null);
      setApproximate({ matched, answer });
    });
  const answerApproximate = (post: boolean) => {
    approximate?.answer(post);
    setApproximate(null);
  };
  const values = form.values;
  const duration = shiftDuration(values, timeZone, t);
  const regions = regionNamed(regionOptions(values.country));

  /** Input props plus SPEC §4's rule: a field's error clears when it gets focus. */
  const field = (name: ShiftCallField) => {
    const props = form.getInputProps(name);
    return {
      ...props,
      error: ruleText(props.error as ReactNode),
      onFocus: (event: FocusEvent<HTMLElement>) => {
        form.clearFieldError(name);
        (props.onFocus as ((e: FocusEvent<HTMLElement>) => void) | undefined)?.(event);
      },
    };
  };
  /**
   * Pickers show exactly the form's value. The form holds '' for "none", but Mantine's Select and
   * DatePickerInput only clear what they display for null: given '' they kept showing the last label
   * (after a reset, or a cleared province) while the form held nothing.
   */
  const selectField = (name: ShiftCallField, onChange?: (value: string | null) => void) => {
    const props = field(name);
    return {
      ...props,
      value: (props.value as string) || null,
      onChange: onChange ?? ((value: string | null) => form.setFieldValue(name, value ?? '')),
    };
  };

  /** Start or End: the form's value, error and focus rule for the day-and-time field. */
  const dateTimeField = (name: 'startsAt' | 'endsAt') => {
    const props = field(name);
    return {
      value: props.value as string,
      error: props.error as ReactNode,
      onFocus: props.onFocus,
      onChange: (value: string) => form.setFieldValue(name, value),
    };
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateShiftCall(values, timeZone);
    form.setErrors(errors);
    if (hasErrors(errors)) return;
    if (isAtPlanLimit) {
      showError(ruleText(PLAN_LIMIT_MESSAGE));
      onPlanLimit();
      return;
    }
    setQuestion(confirmationText(values, timeZone, t, careRoleName));
  };

  const onConfirm = async () => {
    setIsSubmitting(true);
    try {
      const shift = await postShift(values, {
        companyId,
        timeZone,
        confirmApproximate,
        dispatchMode,
        allowOvertime: isOvertimeAllowed,
      });
      setPosted(shift);
      // SPEC's toast for SPEC's behaviour; best matches first say what actually happened.
      const message =
        shift.dispatchMode === 'best_matches'
          ? bestMatchesSentText(shift.notifiedStaff ?? 0, shift.nextWaveAt, timeZone, t, locale)
          : t('shiftCall.sent.everyone');
      if (shift.notifiedStaff === 0) window.setTimeout(() => showSuccess(message), TOAST_AFTER_WARNING_MS);
      else showSuccess(message);
      draft.clear();
      form.reset();
      setIsOvertimeAllowed(false);
    } catch (error) {
      const failure = error instanceof PostShiftError ? error : saveFailure(error);
      if (failure.kind === 'address-not-confirmed') {
        // The scheduler's own choice: no error toast, and the form is ready for the corrected number.
        form.getInputNode('streetNumber')?.focus();
        return;
      }
      showError(ruleText(failure.message), failure.title && ruleText(failure.title));
      if (failure.kind === 'plan-limit') onPlanLimit();
    } finally {
      setIsSubmitting(false);
      setQuestion(null);
    }
  };

  const onCountryChange = (country: string | null) => {
    const next = country ?? '';
    form.setFieldValue('country', next);
    if (values.province && !regionOptions(next).some((r) => r.value === values.province)) {
      form.setFieldValue('province', '');
    }
  };
  /** With no country chosen yet, picking a province or state also fills in its country. */
  const onProvinceChange = (province: string | null) => {
    form.setFieldValue('province', province ?? '');
    if (!values.country && province) {
      const country = SHIFT_COUNTRY_OPTIONS.find((c) => regionOptions(c).some((r) => r.value === province));
      if (country) form.setFieldValue('country', country);
    }
  };
  const provinceData = values.country
    ? regions
    : SHIFT_COUNTRY_OPTIONS.map((country) => ({
        group: countryName(country),
        items: regionNamed(regionOptions(country)),
      }));
  // Days before today cannot be picked, but times are never bounded: a past start time is left as
  // typed and refused by the rules with SPEC's message, rather than moved without a word.
  const today = utcToWallClock(new Date(), timeZone).slice(0, 10);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
      <form noValidate onSubmit={onSubmit} aria-labelledby="shift-call-title">
        <Stack gap="lg">
          <div>
            <Title order={2} id="shift-call-title" fz="xl">
              {t('shiftCall.title')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('shiftCall.intro')}
            </Text>
          </div>

          {/* First in the form: after Submit at the bottom, it is what the page scrolls to and reads. */}
          {posted && (
            <ShiftPostedNotice
              posted={posted}
              companyCode={companyCode}
              timeZone={timeZone}
              onClose={() => setPosted(null)}
            />
          )}

          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t('shiftCall.staffType')}
                placeholder={t('shiftCall.staffTypePlaceholder')}
                data={named(STAFF_TYPE_OPTIONS)}
                withAsterisk
                allowDeselect={false}
                {...selectField('staffType')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t('shiftCall.skill')}
                placeholder={t('shiftCall.skillPlaceholder')}
                data={named(SKILL_OPTIONS)}
                withAsterisk
                allowDeselect={false}
                {...selectField('skill')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <ShiftDateTimeField
                label={t('shiftCall.start')}
                timeLabel={t('shiftCall.startTime')}
                minDate={today}
                description={t('shiftCall.timesIn', { zone: timeZone })}
                {...dateTimeField('startsAt')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <ShiftDateTimeField
                label={t('shiftCall.end')}
                timeLabel={t('shiftCall.endTime')}
                minDate={values.startsAt ? values.startsAt.slice(0, 10) : today}
                description={duration ? t('shiftCall.duration', { duration }) : t('shiftCall.afterStart')}
                {...dateTimeField('endsAt')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('shiftCall.streetNumber')}
                inputMode="numeric"
                withAsterisk
                {...field('streetNumber')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('shiftCall.streetName')} withAsterisk {...field('streetName')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('shiftCall.city')} withAsterisk {...field('city')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={values.country === 'United States' ? t('shiftCall.state') : t('shiftCall.province')}
                placeholder={t('shiftCall.regionPlaceholder')}
                data={provinceData}
                searchable
                withAsterisk
                allowDeselect={false}
                {...selectField('province', onProvinceChange)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t('shiftCall.country')}
                placeholder={t('shiftCall.countryPlaceholder')}
                data={SHIFT_COUNTRY_OPTIONS.map((country) => ({ value: country, label: countryName(country) }))}
                withAsterisk
                allowDeselect={false}
                {...selectField('country', onCountryChange)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('shiftCall.postalCode')} withAsterisk {...field('postalCode')} />
            </Grid.Col>
          </Grid>

          <Textarea
            label={t('shiftCall.notes')}
            placeholder={t('shiftCall.notesPlaceholder')}
            autosize
            minRows={3}
            maxRows={8}
            {...field('notes')}
          />

          <DispatchOptions
            mode={dispatchMode}
            onModeChange={changeDispatchMode}
            isOvertimeAllowed={isOvertimeAllowed}
            onOvertimeChange={setIsOvertimeAllowed}
          />

          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              leftSection={<IconSend size={18} aria-hidden="true" />}
              w={{ base: '100%', sm: 'auto' }}
            >
              {t('shiftCall.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        isOpen={question != null}
        isSubmitting={isSubmitting}
        message={question}
        onConfirm={() => void onConfirm()}
        onCancel={() => setQuestion(null)}
      />
      <ConfirmDialog
        isOpen={approximate != null}
        title={t('shiftCall.approximate.title')}
        message={
          approximate && (
            <Stack gap="xs">
              <Text size="sm">{t('shiftCall.approximate.found', { number: values.streetNumber.trim() })}</Text>
              <Text size="sm" fw={700}>
                {approximate.matched}
              </Text>
              <Text size="sm">{t('shiftCall.approximate.question')}</Text>
            </Stack>
          )
        }
        confirmLabel={t('shiftCall.approximate.post')}
        cancelLabel={t('shiftCall.approximate.correct')}
        onConfirm={() => answerApproximate(true)}
        onCancel={() => answerApproximate(false)}
      />
    </Paper>
  );
}
