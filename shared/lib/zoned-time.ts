/**
 * Wall-clock times in a company's time zone. The date-time pickers give a zone-less
 * 'YYYY-MM-DD HH:mm:ss' string; the company's IANA zone (companies.time_zone) says what instant it
 * is, whatever zone the browser is in. dayjs (already needed by @mantine/dates) does the zone
 * arithmetic, so this module belongs to the dashboard's lazy chunk only.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const WALL_CLOCK_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;

/**
 * The UTC ISO instant of a wall-clock time in `timeZone`, or null for an empty or malformed value.
 * A time skipped by a spring-forward change is read as the same clock time after the change
 * (02:30 on that night is 03:30 daylight time); a repeated fall-back time is read as its first
 * occurrence (daylight time).
 */
export function wallClockToUtcIso(value: string, timeZone: string): string | null {
  if (!WALL_CLOCK.test(value)) return null;
  const parsed = dayjs.tz(value, timeZone);
  return parsed.isValid() ? parsed.toISOString() : null;
}

/** The wall-clock time of an instant in `timeZone`, as the pickers hold it. */
export function utcToWallClock(instant: Date | string, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format(WALL_CLOCK_FORMAT);
}
