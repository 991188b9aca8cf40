/**
 * Instants shown in a company's time zone ('Nov 21, 2026' or 'Nov 21, 2026, 9:30 AM'). Intl
 * formatters are costly to build and cheap to use, and a table formats thousands of values, so one
 * is kept per zone and style. An unknown zone name must not blank a table: it falls back to UTC,
 * which is at least unambiguous. (zoned-time.ts does zone arithmetic with dayjs; this needs none.)
 */
export type ZonedStyle = 'date' | 'dateTime' | 'dayTime' | 'time';

const STYLES: Record<ZonedStyle, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** 'Tue, Nov 24, 9:00 AM': a shift's start, when the year goes without saying. */
  dayTime: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined, style: ZonedStyle): Intl.DateTimeFormat {
  const key = `${style}\u0000${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...STYLES[style], timeZone });
    } catch {
      formatter = formatterFor('UTC', style);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The instant in `timeZone` (the browser's zone when absent); null for a missing or unreadable one. */
export function formatInZone(
  instant: string | null | undefined,
  timeZone: string | undefined,
  style: ZonedStyle,
): string | null {
  if (!instant) return null;
  const ms = Date.parse(instant);
  return Number.isFinite(ms) ? formatterFor(timeZone, style).format(ms) : null;
}
