/**
 * Attendance checks, the dashboard's side of 20261124200000_attendance_checks.sql: the database reads
 * a Time Done text as minutes (shifts.time_done_minutes), and a Time Done is flagged, never refused,
 * when it cannot be read or differs from the clocked time by more than 15 minutes. The timeline and
 * the CSV give the same verdicts from the same rule in SQL.
 */
import { durationText } from '@shared/i18n/duration-text.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import { durationParts } from '@shared/lib/duration.ts';
import type { ShiftRow } from './shift-row.ts';
import type { ShiftText } from './shift-text.ts';

export const TIME_DONE_TOLERANCE_MINUTES = 15;

export type TimeDoneCheck =
  { kind: 'differs'; clockedMinutes: number; enteredMinutes: number } | { kind: 'unreadable'; clockedMinutes: number };

type Attendance = Pick<ShiftRow, 'clocked_in_at' | 'clocked_out_at' | 'time_done' | 'time_done_minutes'>;

/** Whole minutes from clock-in to clock-out, or null until both are recorded. */
export function clockedMinutes(shift: Pick<ShiftRow, 'clocked_in_at' | 'clocked_out_at'>): number | null {
  if (!shift.clocked_in_at || !shift.clocked_out_at) return null;
  const span = Date.parse(shift.clocked_out_at) - Date.parse(shift.clocked_in_at);
  return Number.isFinite(span) ? Math.floor(span / 60_000) : null;
}

/** Why a completed shift's Time Done needs a look, or null when it agrees with the clock (or nothing to judge). */
export function timeDoneCheck(shift: Attendance): TimeDoneCheck | null {
  const clocked = clockedMinutes(shift);
  if (clocked == null || shift.time_done == null) return null;
  if (shift.time_done_minutes == null) return { kind: 'unreadable', clockedMinutes: clocked };
  // The database compares exact seconds; whole minutes can only make this stricter by under a minute.
  const exactClocked = (Date.parse(shift.clocked_out_at!) - Date.parse(shift.clocked_in_at!)) / 60_000;
  if (Math.abs(shift.time_done_minutes - exactClocked) <= TIME_DONE_TOLERANCE_MINUTES) return null;
  return { kind: 'differs', clockedMinutes: clocked, enteredMinutes: shift.time_done_minutes };
}

/** '8 hrs 2 mins' ('8 h 2 min'); 'less than 1 min' under a minute, as the timeline writes it. */
export function formatMinutes(minutes: number, text: Pick<ShiftText, 't'>): string {
  if (minutes < 1) return text.t('shifts.lessThanOneMinute');
  return durationText(
    { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 },
    text.t,
  );
}

/** The sentence shown with a flagged Time Done. */
export function timeDoneCheckText(check: TimeDoneCheck, text: Pick<ShiftText, 't'>): string {
  const clocked = formatMinutes(check.clockedMinutes, text);
  return check.kind === 'unreadable'
    ? text.t('shifts.timeDone.unreadable', { clocked })
    : text.t('shifts.timeDone.differs', { clocked, tolerance: TIME_DONE_TOLERANCE_MINUTES });
}

/**
 * What Clock Staff Out suggests as Time Done: the time from the clock-in to `now`, written the way
 * the database reads it back ('7 hrs 58 mins', '7 h 58 min'); '' when the clock-in is unknown or in
 * the future. French counts days as hours: the database reads 'h' and 'min' but not 'jour'.
 */
export function suggestedTimeDone(
  clockedInAt: string | null,
  now: Date,
  text: { t: ShiftText['t']; locale: Locale },
): string {
  if (!clockedInAt) return '';
  const parts = durationParts(clockedInAt, now);
  if (!parts) return '';
  return durationText(
    text.locale === 'en' ? parts : { days: 0, hours: parts.days * 24 + parts.hours, minutes: parts.minutes },
    text.t,
  );
}
