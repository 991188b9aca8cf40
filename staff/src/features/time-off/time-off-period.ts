/**
 * A worker's time off as the app reads and writes it: which repeat of a weekly period is now or
 * next, how a period reads ("Every Tuesday, 9:00 AM – 5:00 PM, until Mar 31"), and the form's
 * draft checked and turned into a row. A weekly period repeats at the same wall-clock time in its
 * own zone, as the database's private.time_off_overlaps reads it (9 to 5 stays 9 to 5 across a
 * daylight-saving change).
 */
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import { utcToWallClock, wallClockToUtcIso } from '@shared/lib/zoned-time.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';

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

function format(at: string | number, zoned: Zoned, options: Intl.DateTimeFormatOptions): string {
  const key = `${zoned.locale}\u0000${zoned.timeZone}\u0000${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(zoned.locale === 'en' ? 'en-US' : zoned.locale, {
      ...options,
      timeZone: zoned.timeZone,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(typeof at === 'string' ? Date.parse(at) : at);
}

/** A period's zone and the language it is written in. */
interface Zoned {
  timeZone: string;
  locale: Locale;
}

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long' };
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'short' };

function sameYear(at: string | number, zoned: Zoned, now: number): boolean {
  return format(at, zoned, { year: 'numeric' }) === format(now, zoned, { year: 'numeric' });
}

function dayOf(at: string | number, zoned: Zoned, now: number): string {
  return format(at, zoned, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(sameYear(at, zoned, now) ? {} : { year: 'numeric' }),
  });
}

function shortDate(at: string | number, zoned: Zoned, now: number): string {
  return format(at, zoned, {
    month: 'short',
    day: 'numeric',
    ...(sameYear(at, zoned, now) ? {} : { year: 'numeric' }),
  });
}

/** Whole days: from a midnight to a later midnight, in the period's zone. */
export function isAllDay(period: Pick<TimeOff, 'startsAt' | 'endsAt' | 'timeZone'>): boolean {
  const start = utcToWallClock(period.startsAt, period.timeZone);
  const end = utcToWallClock(period.endsAt, period.timeZone);
  return start.endsWith(' 00:00:00') && end.endsWith(' 00:00:00') && end.slice(0, 10) > start.slice(0, 10);
}

function zoneName(at: string, zoned: Zoned): string {
  return (
    new Intl.DateTimeFormat(zoned.locale === 'en' ? 'en-US' : zoned.locale, {
      timeZone: zoned.timeZone,
      timeZoneName: 'short',
    })
      .formatToParts(Date.parse(at))
      .find((p) => p.type === 'timeZoneName')?.value ?? zoned.timeZone
  );
}

/**
 * How a period reads in the person's language, in its own zone (the phone's, when it was entered
 * on this phone; another zone is named): 'Tue, Dec 1, 9:00 AM – 5:00 PM', 'Tue, Dec 1 – Thu, Dec 3,
 * all day', 'Every Tuesday, 9:00 AM – 5:00 PM, until Mar 31'.
 */
export function describeTimeOff(
  period: TimeOff,
  now: number,
  deviceZone: string,
  t: Translate<StaffKey>,
  locale: Locale,
): string {
  const zoned: Zoned = { timeZone: period.timeZone, locale };
  const { startsAt: start, endsAt: end } = period;
  const lastDay = new Date(Date.parse(end) - 1).toISOString();
  const isOneDay = format(start, zoned, DAY) === format(lastDay, zoned, DAY);
  const sameDay = format(start, zoned, DAY) === format(end, zoned, DAY);
  const times = { start: format(start, zoned, TIME), end: format(end, zoned, TIME) };
  let text: string;
  if (!period.repeatsWeekly) {
    const day = dayOf(start, zoned, now);
    if (isAllDay(period)) {
      text = isOneDay
        ? t('staff.timeOff.when.dayAllDay', { day })
        : t('staff.timeOff.when.daysAllDay', { first: day, last: dayOf(lastDay, zoned, now) });
    } else {
      text = sameDay
        ? t('staff.timeOff.when.dayTimes', { day, ...times })
        : t('staff.timeOff.when.daysTimes', { day, endDay: dayOf(end, zoned, now), ...times });
    }
  } else {
    const weekday = format(start, zoned, WEEKDAY);
    if (isAllDay(period)) {
      text = isOneDay
        ? t('staff.timeOff.when.weeklyAllDay', { weekday })
        : t('staff.timeOff.when.weeklyDaysAllDay', { weekday, lastWeekday: format(lastDay, zoned, WEEKDAY) });
    } else {
      text = sameDay
        ? t('staff.timeOff.when.weeklyTimes', { weekday, ...times })
        : t('staff.timeOff.when.weeklyDaysTimes', { weekday, endWeekday: format(end, zoned, WEEKDAY), ...times });
    }
    if (Date.parse(start) > now) text = t('staff.timeOff.when.from', { text, date: shortDate(start, zoned, now) });
    if (period.repeatUntil) {
      text = t('staff.timeOff.when.until', { text, date: shortDate(Date.parse(period.repeatUntil) - 1, zoned, now) });
    }
  }
  return period.timeZone === deviceZone ? text : t('staff.timeOff.when.inZone', { text, zone: zoneName(start, zoned) });
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
  t: Translate<StaffKey>,
): { errors: DraftErrors; row: TimeOffInsert | null } {
  const errors: DraftErrors = {};
  if (!draft.startDate)
    errors.startDate = t(draft.isAllDay ? 'staff.timeOff.error.firstDay' : 'staff.timeOff.error.startDay');
  if (!draft.isAllDay && !draft.startTime) errors.startTime = t('staff.timeOff.error.startTime');
  if (!draft.endDate) errors.endDate = t(draft.isAllDay ? 'staff.timeOff.error.lastDay' : 'staff.timeOff.error.endDay');
  if (!draft.isAllDay && !draft.endTime) errors.endTime = t('staff.timeOff.error.endTime');
  const note = draft.note.trim();
  if (note.length > NOTE_MAX) errors.note = t('staff.timeOff.error.noteLength', { max: NOTE_MAX, length: note.length });
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
    errors[endField] = t(draft.isAllDay ? 'staff.timeOff.error.lastBeforeFirst' : 'staff.timeOff.error.endBeforeStart');
  } else if (draft.repeatsWeekly && length >= WEEK_MS) {
    errors[endField] = t('staff.timeOff.error.weekLong');
  } else if (!draft.repeatsWeekly && Date.parse(endsAt) <= now) {
    errors[endField] = t('staff.timeOff.error.over');
  }
  let repeatUntil: string | null = null;
  if (draft.repeatsWeekly && draft.untilDate) {
    repeatUntil = instant(`${addDays(draft.untilDate, 1)} 00:00`, timeZone);
    if (draft.untilDate < draft.startDate) errors.untilDate = t('staff.timeOff.error.untilBeforeStart');
    else if (Date.parse(repeatUntil) <= now) errors.untilDate = t('staff.timeOff.error.untilPast');
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
