/**
 * A worker's time off as both apps show it: the worker on their phone, the agency on the worker's
 * page. A period is one-off, or repeats weekly at the same wall-clock hours in its own zone (as the
 * database's private.time_off_overlaps reads it) until `repeat_until`, or for good.
 */
import { formatInZone } from './zoned-format.ts';

export interface TimeOffPeriod {
  id: string;
  starts_at: string;
  ends_at: string;
  repeats_weekly: boolean;
  repeat_until: string | null;
  time_zone: string;
  note: string | null;
}

/** Whether the period still matters at `now`: a one-off that has not ended, a weekly one not yet over. */
export function isCurrentOrUpcoming(period: TimeOffPeriod, now: Date): boolean {
  const at = now.getTime();
  if (!period.repeats_weekly) return Date.parse(period.ends_at) > at;
  return period.repeat_until === null || Date.parse(period.repeat_until) > at;
}

/** The periods that still matter, soonest first (a weekly one by its first day). */
export function upcomingTimeOff(periods: readonly TimeOffPeriod[], now: Date): TimeOffPeriod[] {
  return periods
    .filter((period) => isCurrentOrUpcoming(period, now))
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
}

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();
function weekdayIn(instant: string, timeZone: string): string {
  let formatter = weekdayFormatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });
    }
    weekdayFormatters.set(timeZone, formatter);
  }
  return formatter.format(Date.parse(instant));
}

/** The calendar day of an instant in a zone ('2026-11-27'), to tell same-day periods apart. */
function dayIn(instant: string, timeZone: string): string {
  return formatInZone(instant, timeZone, 'date') ?? '';
}

/**
 * One line for a period, in the zone it is shown in (`viewerZone`; a weekly period keeps its own
 * hours and names its zone when that differs, since its hours are wall-clock hours there):
 * 'Fri, Nov 27, 9:00 AM – 5:00 PM', 'Fri, Nov 27, 9:00 AM – Sun, Nov 29, 6:00 PM',
 * 'Every Tuesday, 9:00 AM – 5:00 PM, until Mar 31, 2027'.
 */
export function describeTimeOff(period: TimeOffPeriod, viewerZone: string): string {
  if (period.repeats_weekly) {
    const zone = period.time_zone;
    const sameDay = dayIn(period.starts_at, zone) === dayIn(period.ends_at, zone);
    const start = formatInZone(period.starts_at, zone, 'time');
    const end = sameDay
      ? formatInZone(period.ends_at, zone, 'time')
      : `${weekdayIn(period.ends_at, zone)} ${formatInZone(period.ends_at, zone, 'time')}`;
    // repeat_until is the first instant it no longer repeats: the last day is the one just before.
    const lastDay = period.repeat_until ? new Date(Date.parse(period.repeat_until) - 1).toISOString() : null;
    const until = lastDay ? `, until ${formatInZone(lastDay, zone, 'date')}` : '';
    const zoneNote = zone === viewerZone ? '' : ` (${zone.replace(/_/g, ' ')} time)`;
    return `Every ${weekdayIn(period.starts_at, zone)}, ${start} – ${end}${until}${zoneNote}`;
  }
  const start = formatInZone(period.starts_at, viewerZone, 'dayTime');
  const sameDay = dayIn(period.starts_at, viewerZone) === dayIn(period.ends_at, viewerZone);
  const end = formatInZone(period.ends_at, viewerZone, sameDay ? 'time' : 'dayTime');
  return `${start} – ${end}`;
}
