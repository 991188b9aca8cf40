import { DEFAULT_TIME_ZONE } from '@shared/lib/time-zone.ts';

/** The browser's IANA time zone, the default for a new company (the database validates the name). */
export function browserTimeZone(fallback = DEFAULT_TIME_ZONE): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || fallback;
  } catch {
    return fallback;
  }
}

/** Every IANA zone the browser knows, always including `current` so a saved value stays selectable. */
export function timeZoneOptions(current: string): string[] {
  const zones: string[] =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [current, 'UTC'];
  return zones.includes(current) ? zones : [current, ...zones];
}
