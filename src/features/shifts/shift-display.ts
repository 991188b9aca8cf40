/**
 * What the shift tables show for each value (SPEC §8 display fallbacks): '-' for a missing value,
 * 'Not Clocked In' / 'Not Clocked Out' for missing clock times, 'Loading...' while the accepting
 * worker's name loads and 'N/A' when there is none. Times are shown in the company's time zone.
 */
import { formatDuration } from '@shared/lib/duration.ts';
import { formatInZone } from '@shared/lib/zoned-format.ts';
import type { ShiftRow } from './shift-row.ts';

export const MISSING = '-';
export const NOT_CLOCKED_IN = 'Not Clocked In';
export const NOT_CLOCKED_OUT = 'Not Clocked Out';
export const NAME_LOADING = 'Loading...';
export const NO_NAME = 'N/A';

/** 'Nov 21, 2026, 9:30 AM' in `timeZone`; null for a missing or unreadable instant. */
export function formatZonedTime(instant: string | null | undefined, timeZone: string): string | null {
  return formatInZone(instant, timeZone, 'dateTime');
}

/**
 * When the shift runs, in the company's zone: 'Tue, Nov 24, 9:00 AM – 5:00 PM', with the end's day
 * when it ends on another day.
 */
export function shiftWhenLabel(shift: Pick<ShiftRow, 'starts_at' | 'ends_at'>, timeZone: string): string {
  const start = formatInZone(shift.starts_at, timeZone, 'dayTime');
  if (!start) return MISSING;
  const sameDay = formatInZone(shift.starts_at, timeZone, 'date') === formatInZone(shift.ends_at, timeZone, 'date');
  const end = formatInZone(shift.ends_at, timeZone, sameDay ? 'time' : 'dayTime');
  return end ? `${start} – ${end}` : start;
}

export function orMissing(value: string | null | undefined): string {
  return value != null && value.trim() !== '' ? value : MISSING;
}

export function timeOrMissing(instant: string | null | undefined, timeZone: string): string {
  return formatZonedTime(instant, timeZone) ?? MISSING;
}

export function clockedInLabel(shift: Pick<ShiftRow, 'clocked_in_at'>, timeZone: string): string {
  return formatZonedTime(shift.clocked_in_at, timeZone) ?? NOT_CLOCKED_IN;
}

export function clockedOutLabel(shift: Pick<ShiftRow, 'clocked_out_at'>, timeZone: string): string {
  return formatZonedTime(shift.clocked_out_at, timeZone) ?? NOT_CLOCKED_OUT;
}

/**
 * The accepting worker's name: 'N/A' with no worker, 'Loading...' until `names` knows the id,
 * then the name, or 'N/A' when it could not be read (a worker who no longer works for the company).
 */
export function staffNameLabel(acceptedBy: string | null, names: ReadonlyMap<string, string | null>): string {
  if (!acceptedBy) return NO_NAME;
  if (!names.has(acceptedBy)) return NAME_LOADING;
  return names.get(acceptedBy)?.trim() || NO_NAME;
}

/** '12 King St W, Toronto, ON M5H 1A1'; missing parts are left out. */
export function shiftLocation(
  shift: Pick<ShiftRow, 'street_number' | 'street_name' | 'city' | 'province' | 'postal_code'>,
): string {
  const street = [shift.street_number, shift.street_name].filter((p) => p?.trim()).join(' ');
  const region = [shift.province, shift.postal_code].filter((p) => p?.trim()).join(' ');
  return orMissing([street, shift.city, region].filter((p) => p?.trim()).join(', '));
}

export function shiftDurationLabel(shift: Pick<ShiftRow, 'starts_at' | 'ends_at'>): string {
  return formatDuration(shift.starts_at, shift.ends_at) ?? MISSING;
}
