/**
 * Instants shown in a company's time zone ('Nov 21, 2026' or 'Nov 21, 2026, 9:30 AM'), in English.
 * The formatting itself lives in shared/i18n/format.ts, the one module for every language; this
 * keeps the English call the dashboard's tables and the assistant use until they take the
 * person's language. (zoned-time.ts does zone arithmetic with dayjs; this needs none.)
 */
import { formatInstant, type DateStyle } from '../i18n/format.ts';

export type ZonedStyle = DateStyle;

/** The instant in `timeZone` (the browser's zone when absent); null for a missing or unreadable one. */
export function formatInZone(
  instant: string | null | undefined,
  timeZone: string | undefined,
  style: ZonedStyle,
): string | null {
  return formatInstant(instant, { locale: 'en', timeZone, style });
}
