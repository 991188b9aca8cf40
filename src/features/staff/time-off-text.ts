/**
 * A worker's time off as the agency reads it on the worker's page, in the person's language: in
 * English ('Fri, Nov 27, 9:00 AM – 5:00 PM', 'Every Tuesday, 9:00 AM – 5:00 PM, until Mar 31, 2027'), and in French ('ven. 27 nov.,
 * 9 h 00 – 17 h 00', 'Chaque mardi, 9 h 00 – 17 h 00, jusqu’au 31 mars 2027').
 */
import { formatInstant, INTL_LOCALE, type DateStyle } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { TimeOffPeriod } from '@shared/lib/time-off.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();

/** 'Tuesday' / 'mardi' in a zone (UTC when the zone is unknown). */
function weekdayIn(instant: string, timeZone: string, locale: Locale): string {
  const key = `${locale}\u0000${timeZone}`;
  let formatter = weekdayFormatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: 'long', timeZone });
    } catch {
      formatter = new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: 'long', timeZone: 'UTC' });
    }
    weekdayFormatters.set(key, formatter);
  }
  return formatter.format(Date.parse(instant));
}

/**
 * One line for a period, in the zone it is shown in (`viewerZone`; a weekly period keeps its own
 * hours and names its zone when that differs, since its hours are wall-clock hours there).
 */
export function describeTimeOff(
  period: TimeOffPeriod,
  viewerZone: string,
  t: Translate<DashboardKey>,
  locale: Locale,
): string {
  const format = (instant: string, timeZone: string, style: DateStyle) =>
    formatInstant(instant, { locale, timeZone, style }) ?? '';
  if (period.repeats_weekly) {
    const zone = period.time_zone;
    const sameDay = format(period.starts_at, zone, 'date') === format(period.ends_at, zone, 'date');
    const start = format(period.starts_at, zone, 'time');
    const endTime = format(period.ends_at, zone, 'time');
    const end = sameDay ? endTime : `${weekdayIn(period.ends_at, zone, locale)} ${endTime}`;
    let text = t('worker.timeOff.weekly', { weekday: weekdayIn(period.starts_at, zone, locale), start, end });
    // repeat_until is the first instant it no longer repeats: the last day is the one just before.
    if (period.repeat_until) {
      const lastDay = new Date(Date.parse(period.repeat_until) - 1).toISOString();
      text = t('worker.timeOff.until', { text, date: format(lastDay, zone, 'date') });
    }
    return zone === viewerZone ? text : t('worker.timeOff.inZone', { text, zone: zone.replace(/_/g, ' ') });
  }
  const sameDay = format(period.starts_at, viewerZone, 'date') === format(period.ends_at, viewerZone, 'date');
  const start = format(period.starts_at, viewerZone, 'dayTime');
  const end = format(period.ends_at, viewerZone, sameDay ? 'time' : 'dayTime');
  return `${start} – ${end}`;
}
