import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Switch, Text, Textarea } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar, IconClockHour4 } from '@tabler/icons-react';
import type { Locale } from '@shared/i18n/locale.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import type { Translate } from '@shared/i18n/use-t.ts';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { showSuccess } from '@shared/lib/toast.ts';
import type { StaffKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useStaffErrorText } from '../../../lib/use-staff-error-text.ts';
import { addTimeOff } from '../api/add-time-off.ts';
import { buildTimeOff, EMPTY_DRAFT, NOTE_MAX, type TimeOffDraft } from '../time-off-period.ts';

/** How a picked day reads in the field, in each language's own order. */
const DATE_FORMAT: Record<Locale, string> = { en: 'ddd, MMM D, YYYY', 'fr-CA': 'ddd D MMM YYYY' };
/** Wide enough for 'Heure de début *' on one line, beside the day. */
const TIME_WIDTH = 136;
/** Mantine's placeholder grey is 3.3:1 on white; gray 7 passes AA. */
const PLACEHOLDER_STYLES = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

/** Today on the phone's calendar, 'YYYY-MM-DD'. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The draft checked against the clock of the moment it is sent, and added when it passes. */
async function save(draft: TimeOffDraft, timeZone: string, t: Translate<StaffKey>): Promise<boolean> {
  const { row } = buildTimeOff(draft, timeZone, Date.now(), t);
  if (!row) return false;
  await addTimeOff(row);
  return true;
}

interface TimeOffFormProps {
  /** The phone's zone: what the days and times entered mean, stored with the period. */
  timeZone: string;
  onAdded: () => void;
}

/**
 * Adds time off: a start and an end (days and times, or whole days), optionally repeating every
 * week (until a day, or for good), with an optional note. Checked here with the database's own
 * limits, so a worker learns what to fix before anything is sent.
 */
export function TimeOffForm({ timeZone, onAdded }: TimeOffFormProps) {
  const t = useT();
  const errorText = useStaffErrorText();
  const ruleText = useRuleText();
  const { locale } = useLocale();
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<TimeOffDraft>({
    initialValues: EMPTY_DRAFT,
    validate: (values) => buildTimeOff(values, timeZone, Date.now(), t).errors,
  });
  const { values } = form;
  const minDate = today();

  const submit = form.onSubmit(async (draft) => {
    setSaveError(null);
    try {
      if (!(await save(draft, timeZone, t))) return;
      showSuccess(t('staff.timeOff.addedText'), t('staff.timeOff.addedTitle'));
      form.reset();
      onAdded();
    } catch (caught) {
      setSaveError(errorText(caught));
    }
  });

  /** A day field: the picker holds null for no day, the draft ''. */
  const dayProps = (field: 'startDate' | 'endDate' | 'untilDate', onPicked?: (date: string) => void) => {
    const { value, onChange, ...rest } = form.getInputProps(field);
    return {
      ...rest,
      value: (value as string) || null,
      onChange: (date: string | null) => {
        onChange(date ?? '');
        if (date) onPicked?.(date);
      },
    };
  };
  const noteLength = values.note.trim().length;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch label={t('staff.timeOff.allDay')} {...form.getInputProps('isAllDay', { type: 'checkbox' })} />
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <DatePickerInput
            flex={1}
            miw={0}
            label={values.isAllDay ? t('staff.timeOff.firstDay') : t('staff.timeOff.startDay')}
            placeholder={t('staff.timeOff.pickDay')}
            valueFormat={DATE_FORMAT[locale]}
            minDate={values.repeatsWeekly ? undefined : minDate}
            leftSection={<IconCalendar size={18} aria-hidden="true" />}
            styles={PLACEHOLDER_STYLES}
            popoverProps={{ returnFocus: true }}
            withAsterisk
            {...dayProps('startDate', (date) => {
              // The end starts on the same day; a later one is the worker's to pick.
              if (!values.endDate || values.endDate < date) form.setFieldValue('endDate', date);
            })}
          />
          {!values.isAllDay && (
            <TimeInput
              w={TIME_WIDTH}
              label={t('staff.timeOff.startTime')}
              leftSection={<IconClockHour4 size={18} aria-hidden="true" />}
              withAsterisk
              {...form.getInputProps('startTime')}
            />
          )}
        </Group>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <DatePickerInput
            flex={1}
            miw={0}
            label={values.isAllDay ? t('staff.timeOff.lastDay') : t('staff.timeOff.endDay')}
            placeholder={t('staff.timeOff.pickDay')}
            valueFormat={DATE_FORMAT[locale]}
            minDate={values.startDate || (values.repeatsWeekly ? undefined : minDate)}
            leftSection={<IconCalendar size={18} aria-hidden="true" />}
            styles={PLACEHOLDER_STYLES}
            popoverProps={{ returnFocus: true }}
            withAsterisk
            {...dayProps('endDate')}
          />
          {!values.isAllDay && (
            <TimeInput
              w={TIME_WIDTH}
              label={t('staff.timeOff.endTime')}
              leftSection={<IconClockHour4 size={18} aria-hidden="true" />}
              withAsterisk
              {...form.getInputProps('endTime')}
            />
          )}
        </Group>
        <Checkbox
          label={t('staff.timeOff.repeatWeekly')}
          description={t('staff.timeOff.repeatWeeklyText')}
          {...form.getInputProps('repeatsWeekly', { type: 'checkbox' })}
        />
        {values.repeatsWeekly && (
          <DatePickerInput
            label={t('staff.timeOff.until')}
            description={t('staff.timeOff.untilText')}
            placeholder={t('staff.timeOff.noEnd')}
            valueFormat={DATE_FORMAT[locale]}
            minDate={values.startDate || undefined}
            leftSection={<IconCalendar size={18} aria-hidden="true" />}
            styles={PLACEHOLDER_STYLES}
            popoverProps={{ returnFocus: true }}
            clearable
            clearButtonProps={{ 'aria-label': t('staff.timeOff.clearUntil') }}
            {...dayProps('untilDate')}
          />
        )}
        <Textarea
          label={t('staff.timeOff.note')}
          description={
            <>
              {t('staff.timeOff.noteText')}{' '}
              <Text span size="xs" c={noteLength > NOTE_MAX ? 'var(--mantine-color-error)' : undefined}>
                {noteLength}/{NOTE_MAX}
              </Text>
            </>
          }
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('note')}
        />
        {saveError && (
          <Alert color="red" role="alert" title={t('staff.timeOff.addFailed')}>
            {ruleText(saveError)}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} loaderProps={{ 'aria-label': t('staff.timeOff.saving') }}>
          {t('staff.timeOff.add')}
        </Button>
      </Stack>
    </form>
  );
}
