/**
 * The Shift Call form's rules of SPEC §5, as one pure function returning the exact message of each
 * failing field. Every field but Extra information is required.
 */
import { validationMessages, validatePostalCode } from '@shared/lib/validation.ts';
import { wallClockToUtcIso } from '@shared/lib/zoned-time.ts';
import type { ShiftCallField, ShiftCallValues } from './shift-call-values.ts';

export const shiftCallMessages = {
  staffTypeRequired: 'Staff type is required',
  skillRequired: 'Skill is required',
  streetNumberRequired: 'Street number is required',
  streetNumberNumeric: 'Street number must be numeric',
  streetNameRequired: 'Street name is required',
  cityRequired: validationMessages.cityRequired,
  provinceRequired: validationMessages.provinceRequired,
  countryRequired: validationMessages.countryRequired,
  postalCodeRequired: validationMessages.postalCodeRequired,
  postalCodeLength: validationMessages.postalCodeLength,
  startRequired: 'Start date is required',
  startInPast: 'Start date cannot be in the past',
  endRequired: 'End date is required',
  endBeforeStart: 'End date must be after start date',
} as const;

export type ShiftCallErrors = Partial<Record<ShiftCallField, string>>;

const isBlank = (value: string): boolean => value.trim() === '';

/**
 * `now` is compared at minute precision (the pickers have no seconds), so a start in the current
 * minute is not "in the past" by the seconds already gone.
 */
export function validateShiftCall(values: ShiftCallValues, timeZone: string, now: Date = new Date()): ShiftCallErrors {
  const errors: ShiftCallErrors = {};
  if (isBlank(values.staffType)) errors.staffType = shiftCallMessages.staffTypeRequired;
  if (isBlank(values.skill)) errors.skill = shiftCallMessages.skillRequired;

  const start = wallClockToUtcIso(values.startsAt, timeZone);
  const end = wallClockToUtcIso(values.endsAt, timeZone);
  const startOfThisMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  if (!start) errors.startsAt = shiftCallMessages.startRequired;
  else if (Date.parse(start) < startOfThisMinute) errors.startsAt = shiftCallMessages.startInPast;
  if (!end) errors.endsAt = shiftCallMessages.endRequired;
  else if (start && Date.parse(end) <= Date.parse(start)) errors.endsAt = shiftCallMessages.endBeforeStart;

  if (isBlank(values.streetNumber)) errors.streetNumber = shiftCallMessages.streetNumberRequired;
  else if (!/^[0-9]+$/.test(values.streetNumber.trim())) errors.streetNumber = shiftCallMessages.streetNumberNumeric;
  if (isBlank(values.streetName)) errors.streetName = shiftCallMessages.streetNameRequired;
  if (isBlank(values.city)) errors.city = shiftCallMessages.cityRequired;
  if (isBlank(values.province)) errors.province = shiftCallMessages.provinceRequired;
  if (isBlank(values.country)) errors.country = shiftCallMessages.countryRequired;
  const postal = validatePostalCode(values.postalCode);
  if (postal) errors.postalCode = postal;
  return errors;
}

export function hasErrors(errors: ShiftCallErrors): boolean {
  return Object.keys(errors).length > 0;
}
