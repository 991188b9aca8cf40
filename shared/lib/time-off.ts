/**
 * A worker's time off as both apps read it: the worker on their phone, the agency on the worker's
 * page (each app words it in the person's language). A period is one-off, or repeats weekly at the same wall-clock hours in its own zone (as the
 * database's private.time_off_overlaps reads it) until `repeat_until`, or for good.
 */
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
