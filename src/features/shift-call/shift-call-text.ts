/** The words the Shift Call flow shows: the address, the duration and the confirmation question. */
import { durationText } from '@shared/i18n/duration-text.ts';
import type { SharedKey } from '@shared/i18n/keys.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import { durationParts } from '@shared/lib/duration.ts';
import { wallClockToUtcIso } from '@shared/lib/zoned-time.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';
import type { ShiftCallValues } from './shift-call-values.ts';

/** '12 King St W, Toronto, ON M5H 1A1' — the way addresses are written in Canada and the US. */
export function shiftAddress(
  values: Pick<ShiftCallValues, 'streetNumber' | 'streetName' | 'city' | 'province' | 'postalCode'>,
): string {
  const street = [values.streetNumber.trim(), values.streetName.trim()].filter(Boolean).join(' ');
  const region = [values.province.trim(), values.postalCode.trim().toUpperCase()].filter(Boolean).join(' ');
  return [street, values.city.trim(), region].filter(Boolean).join(', ');
}

/** The shift's length as days/hr/min in the person's language, or null until both times are set and the end is after the start. */
export function shiftDuration(
  values: Pick<ShiftCallValues, 'startsAt' | 'endsAt'>,
  timeZone: string,
  t: Translate<SharedKey>,
): string | null {
  const start = wallClockToUtcIso(values.startsAt, timeZone);
  const end = wallClockToUtcIso(values.endsAt, timeZone);
  const parts = start && end ? durationParts(start, end) : null;
  return parts ? durationText(parts, t) : null;
}

/**
 * SPEC §2's confirmation, 'Requesting coverage for {address} by a {staff type} for {duration}?', in
 * the person's language, the staff type by its name there (`roleName`).
 */
export function confirmationText(
  values: ShiftCallValues,
  timeZone: string,
  t: Translate<DashboardKey>,
  roleName: (value: string) => string = (value) => value,
): string {
  const duration = shiftDuration(values, timeZone, t) ?? durationText({ days: 0, hours: 0, minutes: 0 }, t);
  return t('shiftCall.confirm', { address: shiftAddress(values), staffType: roleName(values.staffType), duration });
}
