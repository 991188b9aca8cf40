import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Group, Input, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconClockHour4 } from '@tabler/icons-react';
import {
  formatTimeOfDay,
  parseTimeOfDay,
  stepTimeOfDay,
  TIME_FORMAT_MESSAGE,
  toClockText,
  type TimeOfDay,
} from '../parse-time-of-day.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useShiftCallRuleText } from '../hooks/use-shift-call-rule-text.ts';

interface ShiftDateTimeFieldProps {
  /** 'Start' or 'End' (translated): names the date picker. */
  label: string;
  /** Names the time field: 'Start time' or 'End time' (translated). */
  timeLabel: string;
  /** The form's 'YYYY-MM-DD HH:mm:ss' wall-clock value, or '' until both a day and a time are set. */
  value: string;
  onChange: (value: string) => void;
  /** The form's rule for this field clears its error when either part gets focus (SPEC §4). */
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  error?: ReactNode;
  description?: ReactNode;
  /** The first day that can be picked, 'YYYY-MM-DD'. */
  minDate: string;
}

interface Parts {
  date: string;
  timeText: string;
  /** The form value these parts were last read from or written to. */
  value: string;
}

const DATE_FORMAT = 'ddd D MMM YYYY';
/** Mantine's placeholder grey is 3.3:1 on white; gray 7 passes AA. */
const PLACEHOLDER_STYLES = { placeholder: { color: 'var(--mantine-color-gray-7)' } };
const TIME_STYLES = { input: { '--input-placeholder-color': 'var(--mantine-color-gray-7)' } as CSSProperties };

function partsOf(value: string): Parts {
  const time = value ? parseTimeOfDay(value.slice(11, 16)) : null;
  return { date: value.slice(0, 10), timeText: time ? formatTimeOfDay(time) : '', value };
}

const join = (date: string, time: TimeOfDay | null): string => (date && time ? `${date} ${toClockText(time)}:00` : '');

/**
 * A day picked from a calendar and a time typed as people write it ("0900", "9:00 pm"), read as a
 * whole when the field is left or Enter is pressed; ArrowUp/ArrowDown step by a quarter hour. The
 * form holds one value, set only once both parts are valid, so a half-entered field is "required".
 */
export function ShiftDateTimeField({
  label,
  timeLabel,
  value,
  onChange,
  onFocus,
  error,
  description,
  minDate,
}: ShiftDateTimeFieldProps) {
  const id = useId();
  const t = useT();
  const ruleText = useShiftCallRuleText();
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  const [timeError, setTimeError] = useState<string | null>(null);
  // Once a time is set, it is selected again as soon as React has shown it, so typing replaces it. This
  // runs in the same commit as the keypress (not a frame later), so keys typed fast after Enter are kept.
  const selectOnRender = useRef<HTMLInputElement | null>(null);
  const pickerRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    selectOnRender.current?.select();
    selectOnRender.current = null;
  });
  // A value set from outside (a restored draft, the form reset after a post) replaces both parts.
  if (value !== parts.value) {
    setParts(partsOf(value));
    setTimeError(null);
  }

  const write = (date: string, timeText: string, time: TimeOfDay | null) => {
    const next = join(date, time);
    setParts({ date, timeText, value: next });
    if (next !== value) onChange(next);
  };

  /** Reads the whole typed text: what was typed over a time replaces it rather than editing a digit. */
  const readTime = () => {
    const text = parts.timeText.trim();
    const time = text ? parseTimeOfDay(text) : null;
    setTimeError(text && !time ? TIME_FORMAT_MESSAGE : null);
    write(parts.date, time ? formatTimeOfDay(time) : parts.timeText, time);
  };

  const onTimeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const selectWhenShown = () => {
      selectOnRender.current = input;
    };
    if (event.key === 'Enter') {
      // Enter sets the time; it does not submit a form whose other fields may still be empty.
      event.preventDefault();
      readTime();
      selectWhenShown();
      return;
    }
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    const time = parseTimeOfDay(parts.timeText);
    if (!time) return;
    event.preventDefault();
    const stepped = stepTimeOfDay(time, event.key === 'ArrowUp' ? 1 : -1);
    setTimeError(null);
    write(parts.date, formatTimeOfDay(stepped), stepped);
    selectWhenShown();
  };

  // The form's error arrives in the person's language; the time's own is translated here.
  const shownError = timeError ? ruleText(timeError) : error;
  const hasError = Boolean(shownError);
  const describedBy = [hasError && `${id}-error`, description && `${id}-description`].filter(Boolean).join(' ');
  return (
    <Input.Wrapper id={id} label={label} withAsterisk description={description} error={shownError}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DatePickerInput
          id={id}
          flex={1}
          miw={0}
          placeholder={t('shiftCall.pickDay')}
          valueFormat={DATE_FORMAT}
          minDate={minDate}
          value={parts.date || null}
          ref={pickerRef}
          onChange={(date) => {
            // Back to the field at once, so a Tab pressed right after Enter goes on to the time:
            // Mantine's own return waits 10 ms and gives up on a Tab, leaving focus in the closing
            // calendar, which drops it at the top of the page.
            pickerRef.current?.focus({ preventScroll: true });
            write(date ?? '', parts.timeText, parseTimeOfDay(parts.timeText));
          }}
          onFocus={onFocus}
          popoverProps={{ returnFocus: true }}
          leftSection={<IconCalendar size={18} aria-hidden="true" />}
          styles={PLACEHOLDER_STYLES}
          error={hasError}
          aria-describedby={describedBy || undefined}
          clearable
          clearButtonProps={{ 'aria-label': t('shiftCall.clearDay', { field: label }) }}
        />
        <TextInput
          w={116}
          aria-label={timeLabel}
          placeholder={t('shiftCall.time')}
          autoComplete="off"
          value={parts.timeText}
          onChange={(event) => setParts({ ...parts, timeText: event.currentTarget.value })}
          onFocus={(event) => {
            // Typing over a focused time replaces it.
            event.currentTarget.select();
            setTimeError(null);
            onFocus?.(event);
          }}
          onBlur={readTime}
          onKeyDown={onTimeKeyDown}
          leftSection={<IconClockHour4 size={18} aria-hidden="true" />}
          styles={TIME_STYLES}
          error={hasError}
          aria-describedby={describedBy || undefined}
        />
      </Group>
    </Input.Wrapper>
  );
}
