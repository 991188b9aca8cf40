/**
 * Shift durations (SPEC §9) as days, hours and minutes; shared/i18n/duration-text.ts writes them in
 * the person's language ('1 day 2 hrs 30 mins', '1 jour 2 h 30 min'). A duration is elapsed time between two instants, so a night shift across a DST change is paid
 * for the hours actually worked (6 wall-clock hours on the spring-forward night are 5 hrs).
 */

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
}

const MINUTE_MS = 60_000;

function toTime(value: Date | string): number {
  return value instanceof Date ? value.getTime() : Date.parse(value);
}

/** Whole minutes from start to end split into days (24 h), hours and minutes; null unless end is after start. */
export function durationParts(start: Date | string, end: Date | string): DurationParts | null {
  const startMs = toTime(start);
  const endMs = toTime(end);
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || endMs <= startMs) return null;
  const totalMinutes = Math.floor((endMs - startMs) / MINUTE_MS);
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}
