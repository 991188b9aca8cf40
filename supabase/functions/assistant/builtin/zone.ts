// Calendar arithmetic in the company's IANA time zone. Local midnights come from Intl (the zone's
// real offset at that instant), never from a fixed offset, so a day is 23 or 25 hours long across a
// daylight-saving change.

import { DEFAULT_TIME_ZONE } from '../../_shared/time-zone.ts';

/** A calendar day: month 1–12. */
export interface Day {
  y: number;
  m: number;
  d: number;
}

export const FALLBACK_ZONE = DEFAULT_TIME_ZONE;

const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone itself if Intl knows it, else the fallback (an unknown zone must not break answers). */
export function validZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return FALLBACK_ZONE;
  }
}

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    partFormatters.set(timeZone, f);
  }
  return f;
}

export interface LocalTime extends Day {
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time at `instant` (ms) in `timeZone`. */
export function localTime(instant: number, timeZone: string): LocalTime {
  const out: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return {
    y: out.year as number,
    m: out.month as number,
    d: out.day as number,
    hour: (out.hour as number) % 24,
    minute: out.minute as number,
    second: out.second as number,
  };
}

/** Local time minus UTC at `instant`, in ms (−5 h in Toronto in winter). */
function offsetAt(instant: number, timeZone: string): number {
  const t = localTime(instant, timeZone);
  const asUtc = Date.UTC(t.y, t.m - 1, t.d, t.hour, t.minute, t.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant (ms) when the wall clock in `timeZone` shows this day and time. In a spring-forward
 * gap the later offset wins (2:30 AM that does not exist reads as 3:30 AM).
 */
export function zonedInstant(timeZone: string, day: Day, hour = 0, minute = 0): number {
  const guess = Date.UTC(day.y, day.m - 1, day.d, hour, minute);
  const first = offsetAt(guess, timeZone);
  const candidate = guess - first;
  const second = offsetAt(candidate, timeZone);
  if (second === first) return candidate;
  // Near a change: the other offset, unless that time falls in the gap (then the later reading).
  const other = guess - second;
  return offsetAt(other, timeZone) === second ? other : candidate;
}

/** Local midnight at the start of `day`. */
export const startOfDay = (timeZone: string, day: Day): number => zonedInstant(timeZone, day);

export function addDays(day: Day, n: number): Day {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** First day of the month `n` months after the month of `day`. */
export function addMonths(day: Day, n: number): Day {
  const t = new Date(Date.UTC(day.y, day.m - 1 + n, 1));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: 1 };
}

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (day: Day): number => new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay();

/** Days from `a` to `b` (calendar days, DST-free). */
export const daysBetween = (a: Day, b: Day): number =>
  Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);

/** Weeks start on Monday (the North American work week as schedulers count it). */
export function startOfWeek(day: Day): Day {
  return addDays(day, -((weekday(day) + 6) % 7));
}

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function isValidDay(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Wed Nov 18", with the year when it is not `thisYear`. */
export function dayLabel(day: Day, thisYear: number): string {
  const name = `${(WEEKDAY_NAMES[weekday(day)] as string).slice(0, 3)} ${(MONTH_NAMES[day.m - 1] as string).slice(0, 3)} ${day.d}`;
  return day.y === thisYear ? name : `${name}, ${day.y}`;
}

/** "3:00 PM" */
export function clockLabel(hour: number, minute: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "Fri Nov 20, 3:00 PM" in the zone. */
export function instantLabel(instant: number, timeZone: string, thisYear: number): string {
  const t = localTime(instant, timeZone);
  return `${dayLabel(t, thisYear)}, ${clockLabel(t.hour, t.minute)}`;
}
