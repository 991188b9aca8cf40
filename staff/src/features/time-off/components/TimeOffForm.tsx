import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Switch, Text, Textarea } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar, IconClockHour4 } from '@tabler/icons-react';
import { showSuccess } from '@shared/lib/toast.ts';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { addTimeOff } from '../api/add-time-off.ts';
import { buildTimeOff, EMPTY_DRAFT, NOTE_MAX, type TimeOffDraft } from '../time-off-period.ts';

const DATE_FORMAT = 'ddd, MMM D, YYYY';
/** Mantine's placeholder grey is 3.3:1 on white; gray 7 passes AA. */
const PLACEHOLDER_STYLES = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

/** Today on the phone's calendar, 'YYYY-MM-DD'. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The draft checked against the clock of the moment it is sent, and added when it passes. */
async function save(draft: TimeOffDraft, timeZone: string): Promise<boolean> {
  const { row } = buildTimeOff(draft, timeZone, Date.now());
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
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<TimeOffDraft>({
    initialValues: EMPTY_DRAFT,
    validate: (values) => buildTimeOff(values, timeZone, Date.now()).errors,
  });
  const { values } = form;
  const minDate = today();

  const submit = form.onSubmit(async (draft) => {
    setSaveError(null);
    try {
      if (!(await save(draft, timeZone))) return;
      showSuccess('You will not be offered shifts during it.', 'Time off added');
      form.reset();
      onAdded();
    } catch (caught) {
      setSaveError(staffErrorMessage(caught));
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
        <Switch label="All day" {...form.getInputProps('isAllDay', { type: 'checkbox' })} />
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <DatePickerInput
            flex={1}
            miw={0}
            label={values.isAllDay ? 'First day' : 'Start day'}
            placeholder="Pick a day"
            valueFormat={DATE_FORMAT}
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
              w={128}
              label="Start time"
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
            label={values.isAllDay ? 'Last day' : 'End day'}
            placeholder="Pick a day"
            valueFormat={DATE_FORMAT}
            minDate={values.startDate || (values.repeatsWeekly ? undefined : minDate)}
            leftSection={<IconCalendar size={18} aria-hidden="true" />}
            styles={PLACEHOLDER_STYLES}
            popoverProps={{ returnFocus: true }}
            withAsterisk
            {...dayProps('endDate')}
          />
          {!values.isAllDay && (
            <TimeInput
              w={128}
              label="End time"
              leftSection={<IconClockHour4 size={18} aria-hidden="true" />}
              withAsterisk
              {...form.getInputProps('endTime')}
            />
          )}
        </Group>
        <Checkbox
          label="Repeat weekly"
          description="The same days and times every week"
          {...form.getInputProps('repeatsWeekly', { type: 'checkbox' })}
        />
        {values.repeatsWeekly && (
          <DatePickerInput
            label="Until"
            description="The last day it repeats on. Leave empty to repeat with no end."
            placeholder="No end"
            valueFormat={DATE_FORMAT}
            minDate={values.startDate || undefined}
            leftSection={<IconCalendar size={18} aria-hidden="true" />}
            styles={PLACEHOLDER_STYLES}
            popoverProps={{ returnFocus: true }}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the until day' }}
            {...dayProps('untilDate')}
          />
        )}
        <Textarea
          label="Note"
          description={
            <>
              Optional. Your agencies see it.{' '}
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
          <Alert color="red" role="alert" title="Could not add the time off">
            {saveError}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} loaderProps={{ 'aria-label': 'Saving' }}>
          Add time off
        </Button>
      </Stack>
    </form>
  );
}
