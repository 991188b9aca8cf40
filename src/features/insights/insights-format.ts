/**
 * Pure formatting and period arithmetic for the coverage insights. The company's day boundaries
 * come from its IANA zone (companies.time_zone), not the browser's, so a period means the same
 * local days wherever the dashboard is opened.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { formatInstant, formatNumber, INTL_LOCALE } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const PERIOD_DAYS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];

/**
 * Minutes to fill as the cards show them: '45 min', '2 hr', '1 hr 24 min' ('1 h 24 min' in French);
 * none yet reads '—'.
 */
export function formatMinutes(minutes: number | null | undefined, t: Translate<DashboardKey>): string {
  if (minutes == null || !Number.isFinite(minutes)) return '—';
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return t('insights.duration.minutes', { minutes: total });
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0
    ? t('insights.duration.hours', { hours })
    : t('insights.duration.hoursMinutes', { hours, minutes: rest });
}

/**
 * A 0..1 ratio as a percentage with at most one decimal, in the person's language ('66.7%',
 * '66,7 %'); no shifts reads '—'.
 */
export function formatFillRate(rate: number | string | null | undefined, locale: Locale): string {
  if (rate == null || rate === '') return '—';
  const value = Number(rate);
  if (!Number.isFinite(value)) return '—';
  return formatNumber(value, locale, { style: 'percent', maximumFractionDigits: 1 });
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
export function exportRangeProblem(from: string, to: string, t: Translate<DashboardKey>): string | null {
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid();
  if (!isDate(from) || !isDate(to)) return t('insights.timesheet.rangeMissing');
  if (to < from) return t('insights.timesheet.rangeReversed');
  if (dayjs(to).diff(dayjs(from), 'day') >= 366) return t('insights.timesheet.rangeTooLong');
  return null;
}

/**
 * The wall-clock digits of an ISO time or date ('2026-03-08T09:05:00-04:00', '2026-11-21') as the
 * same digits in UTC, so formatting it in UTC writes them whatever the browser's zone.
 */
function wallClock(value: string, withTime: boolean): Date | null {
  const match = withTime
    ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value)
    : /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0] = match.slice(1).map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!, hour, minute));
}

/**
 * An ISO time the database already put in the company's zone ('2026-03-08T09:05:00-04:00') as
 * 'Mar 8, 2026, 9:05 AM' ('8 mars 2026, 9 h 05'), read from its own digits so the browser's zone
 * never shifts it.
 */
export function formatLocalStamp(atLocal: string, locale: Locale): string {
  const at = wallClock(atLocal, true);
  return (at && formatInstant(at, { locale, timeZone: 'UTC', style: 'dateTime' })) ?? atLocal;
}

/** A local date ('2026-11-21') as the dashboard writes dates ('Nov 21, 2026', '21 nov. 2026'). */
export function formatLocalDate(day: string, locale: Locale): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? wallClock(day, false) : null;
  return (at && formatInstant(at, { locale, timeZone: 'UTC', style: 'date' })) ?? day;
}

/** What the export says instead of a file with only its header row. */
export function noCompletedShiftsText(from: string, to: string, t: Translate<DashboardKey>, locale: Locale): string {
  return t('insights.timesheet.noShifts', { from: formatLocalDate(from, locale), to: formatLocalDate(to, locale) });
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

// format.ts has no month-and-day style; the chart's axis writes it with the same Intl locales.
const dayLabelFormatters = new Map<Locale, Intl.DateTimeFormat>();

/** A per_day date ('2026-11-21') as the chart's axis label ('Nov 21', '21 nov.'). */
export function formatDayLabel(day: string, locale: Locale): string {
  const at = wallClock(day, false);
  if (!at) return day;
  let formatter = dayLabelFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'short', day: 'numeric', timeZone: 'UTC' });
    dayLabelFormatters.set(locale, formatter);
  }
  return formatter.format(at);
}

/** The name of each step kind public.shift_timeline returns. */
const KIND_LABELS: Partial<Record<string, DashboardKey>> = {
  posted: 'insights.timeline.kind.posted',
  notified: 'insights.timeline.kind.notified',
  accepted: 'insights.timeline.kind.accepted',
  clocked_in: 'insights.timeline.kind.clockedIn',
  clocked_out: 'insights.timeline.kind.clockedOut',
  deleted: 'insights.timeline.kind.deleted',
  unfilled: 'insights.timeline.kind.unfilled',
  next_wave: 'insights.timeline.kind.nextWave',
  late_alert: 'insights.timeline.kind.lateAlert',
  no_show: 'insights.timeline.kind.noShow',
  reposted: 'insights.timeline.kind.reposted',
  released: 'insights.timeline.kind.released',
};

/**
 * A timeline step's heading in the person's language: what happened and, when known, who did it.
 * A kind this code does not know yet reads as the database's word.
 */
export function timelineTitle(kind: string, actorName: string | null, t: Translate<DashboardKey>): string {
  const key = KIND_LABELS[kind];
  const label = key ? t(key) : kind.replace(/_/g, ' ');
  return actorName ? t('insights.timeline.by', { step: label, actor: actorName }) : label;
}
