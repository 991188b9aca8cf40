/**
 * Pure formatting and period arithmetic for the coverage insights. The company's day boundaries
 * come from its IANA zone (companies.time_zone), not the browser's, so a period means the same
 * local days wherever the dashboard is opened.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const PERIOD_DAYS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];

/** Minutes to fill as the cards show them: '45 min', '2 hr', '1 hr 24 min'; none yet reads '—'. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes == null || !Number.isFinite(minutes)) return '—';
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/** A 0..1 ratio as a percentage with at most one decimal ('66.7%', '50%'); no shifts reads '—'. */
export function formatFillRate(rate: number | string | null | undefined): string {
  if (rate == null || rate === '') return '—';
  const value = Number(rate);
  if (!Number.isFinite(value)) return '—';
  const percent = Math.round(value * 1000) / 10;
  return `${percent}%`;
}

/** The export's file name for an inclusive range of local dates. */
export function timesheetFilename(from: string, to: string): string {
  return `timesheet-${from}-to-${to}.csv`;
}

/**
 * The last `days` local days up to and including today, as the overview's half-open instant range
 * [from, to): from local midnight `days - 1` days ago to the next local midnight.
 */
export function periodRange(days: number, now: Date, timeZone: string): { from: string; to: string } {
  const today = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  // Adding days to the local date (not 24-hour spans) keeps the boundaries on midnight across DST.
  const startDate = dayjs(today)
    .subtract(days - 1, 'day')
    .format('YYYY-MM-DD');
  const endDate = dayjs(today).add(1, 'day').format('YYYY-MM-DD');
  return {
    from: dayjs.tz(startDate, timeZone).toISOString(),
    to: dayjs.tz(endDate, timeZone).toISOString(),
  };
}

/** The export's default range: the last `days` local dates including today, both ends inclusive. */
export function defaultExportRange(now: Date, timeZone: string, days = 30): { from: string; to: string } {
  const today = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  return {
    from: dayjs(today)
      .subtract(days - 1, 'day')
      .format('YYYY-MM-DD'),
    to: today,
  };
}

/** Why a chosen export range cannot be sent, or null when it can (the database says the same). */
export function exportRangeProblem(from: string, to: string): string | null {
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid();
  if (!isDate(from) || !isDate(to)) return 'Choose a start date and an end date';
  if (to < from) return 'The end date must be on or after the start date';
  if (dayjs(to).diff(dayjs(from), 'day') >= 366) return 'The period can be at most 366 days long';
  return null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An ISO time the database already put in the company's zone ('2026-03-08T09:05:00-04:00') as
 * 'Mar 8, 2026, 9:05 AM', read from its own digits so the browser's zone never shifts it.
 */
export function formatLocalStamp(atLocal: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(atLocal);
  if (!match) return atLocal;
  const [, year, month, day, hour, minute] = match;
  // 12-hour with AM/PM, as every other time on the dashboard ('Nov 21, 2026, 9:30 PM', en-US).
  const h = Number(hour);
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${minute} ${h < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[Number(month) - 1] ?? month} ${Number(day)}, ${year}, ${clock}`;
}

/** A local date ('2026-11-21') as the dashboard writes dates ('Nov 21, 2026'). */
export function formatLocalDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  return `${MONTHS[Number(month) - 1] ?? month} ${Number(date)}, ${year}`;
}

/** What the export says instead of a file with only its header row. */
export function noCompletedShiftsText(from: string, to: string): string {
  return `No completed shifts between ${formatLocalDate(from)} and ${formatLocalDate(to)}.`;
}

/**
 * Whether the database's CSV holds any shift: a line after the header. Quoted values may hold line
 * breaks, but only within a row, which is a line after the header all the same.
 */
export function timesheetHasRows(csv: string): boolean {
  return csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(1)
    .some((line) => line.trim() !== '');
}

/** A per_day date ('2026-11-21') as the chart's axis label ('Nov 21'). */
export function formatDayLabel(day: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  return `${MONTHS[Number(match[1]) - 1] ?? match[1]} ${Number(match[2])}`;
}

const KIND_LABELS: Record<string, string> = {
  posted: 'Posted',
  notified: 'Staff notified',
  accepted: 'Accepted',
  clocked_in: 'Clocked in',
  clocked_out: 'Clocked out',
  deleted: 'Deleted',
  unfilled: 'Unfilled',
  next_wave: 'Next wave',
  late_alert: 'Late alert',
  no_show: 'No-show recorded',
  reposted: 'Re-posted',
  released: 'Released',
};

/** A timeline step's heading: what happened and, when known, who did it. */
export function timelineTitle(kind: string, actorName: string | null): string {
  const label = KIND_LABELS[kind] ?? kind.replace(/_/g, ' ');
  return actorName ? `${label} by ${actorName}` : label;
}
