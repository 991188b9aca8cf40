/**
 * A worker's time off as the app reads and writes it: which repeat of a weekly period is now or
 * next, how a period reads ("Every Tuesday, 9:00 AM – 5:00 PM, until Mar 31"), and the form's
 * draft checked and turned into a row. A weekly period repeats at the same wall-clock time in its
 * own zone, as the database's private.time_off_overlaps reads it (9 to 5 stays 9 to 5 across a
 * daylight-saving change).
 */
import { utcToWallClock, wallClockToUtcIso } from '@shared/lib/zoned-time.ts';

export interface TimeOff {
  id: string;
  startsAt: string;
  endsAt: string;
  repeatsWeekly: boolean;
  /** Repeats start before this instant; null repeats for good. */
  repeatUntil: string | null;
  timeZone: string;
  note: string | null;
}

/** What the worker enters: days as 'YYYY-MM-DD', times as 'HH:mm', in the phone's zone. */
export interface TimeOffDraft {
  isAllDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  repeatsWeekly: boolean;
  /** The last day a weekly period may start on; '' repeats for good. */
  untilDate: string;
  note: string;
}

export const EMPTY_DRAFT: TimeOffDraft = {
  isAllDay: false,
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  repeatsWeekly: false,
  untilDate: '',
  note: '',
};

/** The database's limit (staff_time_off_note_length). */
export const NOTE_MAX = 200;

const WEEK_MS = 7 * 86_400_000;

/** 'YYYY-MM-DD' moved by `days` (calendar days: no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant a wall-clock time in `timeZone` falls at. */
function instant(wall: string, timeZone: string): string {
  const iso = wallClockToUtcIso(wall, timeZone);
  if (!iso) throw new Error(`Not a wall-clock time: ${wall}`);
  return iso;
}

/** The k-th repeat of a period (the 0th is the period itself). */
function repeat(period: TimeOff, k: number): { start: string; end: string } {
  if (k === 0) return { start: period.startsAt, end: period.endsAt };
  const shift = (at: string) => {
    const wall = utcToWallClock(at, period.timeZone);
    return instant(`${addDays(wall.slice(0, 10), 7 * k)}${wall.slice(10)}`, period.timeZone);
  };
  return { start: shift(period.startsAt), end: shift(period.endsAt) };
}

/**
 * The period, or the repeat of a weekly one, that is under way at `now` or comes next; null when
 * it is all in the past.
 */
export function currentOrNext(period: TimeOff, now: number): { start: string; end: string } | null {
  if (!period.repeatsWeekly) return Date.parse(period.endsAt) > now ? repeat(period, 0) : null;
  const behind = Math.floor((now - Date.parse(period.endsAt)) / WEEK_MS);
  // A daylight-saving change moves a repeat by an hour: start a week early and step forward.
  for (let k = Math.max(0, behind); k <= Math.max(0, behind) + 3; k += 1) {
    const candidate = repeat(period, k);
    if (period.repeatUntil && Date.parse(candidate.start) >= Date.parse(period.repeatUntil)) return null;
    if (Date.parse(candidate.end) > now) return candidate;
  }
  return null;
}

/** Current and upcoming time off, soonest first (by the repeat now or next); past periods left out. */
export function upcomingTimeOff(periods: TimeOff[], now: number): TimeOff[] {
  return periods
    .map((period) => ({ period, next: currentOrNext(period, now) }))
    .filter((p): p is { period: TimeOff; next: { start: string; end: string } } => p.next !== null)
    .sort((a, b) => Date.parse(a.next.start) - Date.parse(b.next.start))
    .map((p) => p.period);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function format(at: string | number, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${timeZone}\u0000${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(typeof at === 'string' ? Date.parse(at) : at);
}

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long' };

function dayOf(at: string | number, timeZone: string, now: number): string {
  const sameYear = format(at, timeZone, { year: 'numeric' }) === format(now, timeZone, { year: 'numeric' });
  return format(at, timeZone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

function shortDate(at: string | number, timeZone: string, now: number): string {
  const sameYear = format(at, timeZone, { year: 'numeric' }) === format(now, timeZone, { year: 'numeric' });
  return format(at, timeZone, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}

/** Whole days: from a midnight to a later midnight, in the period's zone. */
export function isAllDay(period: Pick<TimeOff, 'startsAt' | 'endsAt' | 'timeZone'>): boolean {
  const start = utcToWallClock(period.startsAt, period.timeZone);
  const end = utcToWallClock(period.endsAt, period.timeZone);
  return start.endsWith(' 00:00:00') && end.endsWith(' 00:00:00') && end.slice(0, 10) > start.slice(0, 10);
}

function zoneName(at: string, timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(Date.parse(at))
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
  );
}

/**
 * How a period reads, in its own zone (the phone's, when it was entered on this phone; another
 * zone is named): 'Tue, Dec 1, 9:00 AM – 5:00 PM', 'Tue, Dec 1 – Thu, Dec 3, all day',
 * 'Every Tuesday, 9:00 AM – 5:00 PM, until Mar 31'.
 */
export function describeTimeOff(period: TimeOff, now: number, deviceZone: string): string {
  const zone = period.timeZone;
  const { startsAt: start, endsAt: end } = period;
  const lastDay = new Date(Date.parse(end) - 1).toISOString();
  const isOneDay = format(start, zone, { dateStyle: 'short' }) === format(lastDay, zone, { dateStyle: 'short' });
  let text: string;
  if (!period.repeatsWeekly) {
    if (isAllDay(period)) {
      text = isOneDay
        ? `${dayOf(start, zone, now)}, all day`
        : `${dayOf(start, zone, now)} – ${dayOf(lastDay, zone, now)}, all day`;
    } else {
      const sameDay = format(start, zone, { dateStyle: 'short' }) === format(end, zone, { dateStyle: 'short' });
      text = sameDay
        ? `${dayOf(start, zone, now)}, ${format(start, zone, TIME)} – ${format(end, zone, TIME)}`
        : `${dayOf(start, zone, now)}, ${format(start, zone, TIME)} – ${dayOf(end, zone, now)}, ${format(end, zone, TIME)}`;
    }
  } else {
    const from = format(start, zone, WEEKDAY);
    if (isAllDay(period)) {
      text = isOneDay ? `Every ${from}, all day` : `Every ${from} – ${format(lastDay, zone, WEEKDAY)}, all day`;
    } else {
      const sameDay = format(start, zone, { dateStyle: 'short' }) === format(end, zone, { dateStyle: 'short' });
      text = sameDay
        ? `Every ${from}, ${format(start, zone, TIME)} – ${format(end, zone, TIME)}`
        : `Every ${from}, ${format(start, zone, TIME)} – ${format(end, zone, WEEKDAY)}, ${format(end, zone, TIME)}`;
    }
    if (Date.parse(start) > now) text += `, from ${shortDate(start, zone, now)}`;
    if (period.repeatUntil) {
      text += `, until ${shortDate(Date.parse(period.repeatUntil) - 1, zone, now)}`;
    }
  }
  return zone === deviceZone ? text : `${text} (${zoneName(start, zone)})`;
}

export type DraftErrors = Partial<Record<keyof TimeOffDraft, string>>;

export interface TimeOffInsert {
  starts_at: string;
  ends_at: string;
  repeats_weekly: boolean;
  repeat_until: string | null;
  time_zone: string;
  note: string | null;
}

/**
 * The draft checked (each message on the field to fix) and, when it passes, the row to insert.
 * All-day periods run from the first day's midnight to the midnight after the last day; a weekly
 * period's "until" day is the last one a repeat may start on.
 */
export function buildTimeOff(
  draft: TimeOffDraft,
  timeZone: string,
  now: number,
): { errors: DraftErrors; row: TimeOffInsert | null } {
  const errors: DraftErrors = {};
  if (!draft.startDate) errors.startDate = draft.isAllDay ? 'Pick the first day' : 'Pick the day it starts';
  if (!draft.isAllDay && !draft.startTime) errors.startTime = 'Enter the time it starts';
  if (!draft.endDate) errors.endDate = draft.isAllDay ? 'Pick the last day' : 'Pick the day it ends';
  if (!draft.isAllDay && !draft.endTime) errors.endTime = 'Enter the time it ends';
  const note = draft.note.trim();
  if (note.length > NOTE_MAX) errors.note = `Keep the note to ${NOTE_MAX} characters or fewer (it has ${note.length})`;
  if (errors.startDate || errors.startTime || errors.endDate || errors.endTime) return { errors, row: null };

  const startsAt = draft.isAllDay
    ? instant(`${draft.startDate} 00:00`, timeZone)
    : instant(`${draft.startDate} ${draft.startTime.slice(0, 5)}`, timeZone);
  const endsAt = draft.isAllDay
    ? instant(`${addDays(draft.endDate, 1)} 00:00`, timeZone)
    : instant(`${draft.endDate} ${draft.endTime.slice(0, 5)}`, timeZone);
  const endField = draft.isAllDay ? 'endDate' : 'endTime';
  const length = Date.parse(endsAt) - Date.parse(startsAt);
  if (length <= 0) {
    errors[endField] = draft.isAllDay ? 'The last day cannot be before the first' : 'The end must be after the start';
  } else if (draft.repeatsWeekly && length >= WEEK_MS) {
    errors[endField] = 'A weekly period must be shorter than a week';
  } else if (!draft.repeatsWeekly && Date.parse(endsAt) <= now) {
    errors[endField] = 'This time is already over';
  }
  let repeatUntil: string | null = null;
  if (draft.repeatsWeekly && draft.untilDate) {
    repeatUntil = instant(`${addDays(draft.untilDate, 1)} 00:00`, timeZone);
    if (draft.untilDate < draft.startDate) errors.untilDate = 'The last week cannot be before the first day';
    else if (Date.parse(repeatUntil) <= now) errors.untilDate = 'This date is already past';
  }
  if (Object.keys(errors).length) return { errors, row: null };
  return {
    errors,
    row: {
      starts_at: startsAt,
      ends_at: endsAt,
      repeats_weekly: draft.repeatsWeekly,
      repeat_until: repeatUntil,
      time_zone: timeZone,
      note: note || null,
    },
  };
}
