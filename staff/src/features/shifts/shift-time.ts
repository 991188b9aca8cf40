import { formatInZone } from '@shared/lib/zoned-format.ts';

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
 * 'Tue, Nov 24, 9:00 AM – 5:00 PM' in the shift's time zone (its agency's), with the zone named
 * when it differs from the phone's; an overnight shift names the end's day too.
 */
export function formatShiftWhen(startsAt: string, endsAt: string, timeZone: string | undefined): string {
  const start = formatInZone(startsAt, timeZone, 'dayTime') ?? '';
  const sameDay = formatInZone(startsAt, timeZone, 'date') === formatInZone(endsAt, timeZone, 'date');
  const end = formatInZone(endsAt, timeZone, sameDay ? 'time' : 'dayTime') ?? '';
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zone = timeZone && timeZone !== deviceZone ? ` ${zoneAbbreviation(startsAt, timeZone)}` : '';
  return `${start} – ${end}${zone}`;
}

/** '8 hrs', '7 hrs 30 mins', '45 mins'. */
export function formatShiftLength(startsAt: string, endsAt: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours ? `${hours} hr${hours === 1 ? '' : 's'}` : '',
    rest ? `${rest} min${rest === 1 ? '' : 's'}` : '',
  ];
  return parts.filter(Boolean).join(' ') || '0 mins';
}

/** Clock-in opens this long before the start (the database's rule; it refuses earlier ones). */
export const CLOCK_IN_OPENS_MS = 30 * 60_000;
