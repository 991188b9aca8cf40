import { durationText } from '@shared/i18n/duration-text.ts';
import { formatInstant } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** 'EST', 'PDT', …: said beside a time when the shift's zone is not the phone's own. */
function zoneAbbreviation(instant: string, timeZone: string): string {
  let formatter = zoneNames.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    } catch {
      return '';
    }
    zoneNames.set(timeZone, formatter);
  }
  return formatter.formatToParts(Date.parse(instant)).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * 'Tue, Nov 24, 9:00 AM – 5:00 PM' ('mar. 24 nov., 9 h 00 – 17 h 00') in the shift's time zone
 * (its agency's), with the zone named when it differs from the phone's; an overnight shift names
 * the end's day too.
 */
export function formatShiftWhen(
  startsAt: string,
  endsAt: string,
  timeZone: string | undefined,
  locale: Locale = 'en',
): string {
  const at = (instant: string, style: 'date' | 'dayTime' | 'time') =>
    formatInstant(instant, { locale, timeZone, style }) ?? '';
  const start = at(startsAt, 'dayTime');
  const sameDay = at(startsAt, 'date') === at(endsAt, 'date');
  const end = at(endsAt, sameDay ? 'time' : 'dayTime');
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zone = timeZone && timeZone !== deviceZone ? ` ${zoneAbbreviation(startsAt, timeZone)}` : '';
  return `${start} – ${end}${zone}`;
}

/** '8 hrs', '7 hrs 30 mins', '45 mins' ('8 h', '7 h 30 min', '45 min'). */
export function formatShiftLength(startsAt: string, endsAt: string, t: Translate<StaffKey>): string {
  return formatMinutes(Math.max(0, Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000)), t);
}

/** A number of minutes as hours and minutes, in the worker's language. */
export function formatMinutes(minutes: number, t: Translate<StaffKey>): string {
  return durationText({ days: 0, hours: Math.floor(minutes / 60), minutes: minutes % 60 }, t);
}

/** Clock-in opens this long before the start (the database's rule; it refuses earlier ones). */
export const CLOCK_IN_OPENS_MS = 30 * 60_000;
