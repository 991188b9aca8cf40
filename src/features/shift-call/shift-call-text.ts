/** The words the Shift Call flow shows: the address, the duration and the confirmation question. */
import { formatDuration } from '@shared/lib/duration.ts';
import { wallClockToUtcIso } from '@shared/lib/zoned-time.ts';
import type { ShiftCallValues } from './shift-call-values.ts';

/** '12 King St W, Toronto, ON M5H 1A1' — the way addresses are written in Canada and the US. */
export function shiftAddress(
  values: Pick<ShiftCallValues, 'streetNumber' | 'streetName' | 'city' | 'province' | 'postalCode'>,
): string {
  const street = [values.streetNumber.trim(), values.streetName.trim()].filter(Boolean).join(' ');
  const region = [values.province.trim(), values.postalCode.trim().toUpperCase()].filter(Boolean).join(' ');
  return [street, values.city.trim(), region].filter(Boolean).join(', ');
}

/** The shift's length as days/hr/min, or null until both times are set and the end is after the start. */
export function shiftDuration(values: Pick<ShiftCallValues, 'startsAt' | 'endsAt'>, timeZone: string): string | null {
  const start = wallClockToUtcIso(values.startsAt, timeZone);
  const end = wallClockToUtcIso(values.endsAt, timeZone);
  return start && end ? formatDuration(start, end) : null;
}

/** SPEC §2's confirmation: 'Requesting coverage for {address} by a {staff type} for {duration}?'. */
export function confirmationText(values: ShiftCallValues, timeZone: string): string {
  const duration = shiftDuration(values, timeZone) ?? '0 mins';
  return `Requesting coverage for ${shiftAddress(values)} by a ${values.staffType} for ${duration}?`;
}
