/**
 * Shift durations (SPEC §9): days, hours and minutes labelled 'day', 'hr' and 'min', pluralised.
 * A duration is elapsed time between two instants, so a night shift across a DST change is paid
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

const plural = (count: number, label: string): string => `${count} ${label}${count === 1 ? '' : 's'}`;

/** '1 day 2 hrs 30 mins'; zero parts are left out; an empty duration reads '0 mins'. */
export function formatDurationParts({ days, hours, minutes }: DurationParts): string {
  const parts: string[] = [];
  if (days > 0) parts.push(plural(days, 'day'));
  if (hours > 0) parts.push(plural(hours, 'hr'));
  if (minutes > 0) parts.push(plural(minutes, 'min'));
  return parts.length > 0 ? parts.join(' ') : '0 mins';
}

/** The duration between two instants as text, or null when end is not after start. */
export function formatDuration(start: Date | string, end: Date | string): string | null {
  const parts = durationParts(start, end);
  return parts ? formatDurationParts(parts) : null;
}
