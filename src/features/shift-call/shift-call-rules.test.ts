import { describe, expect, it } from 'vitest';
import { hasErrors, validateShiftCall } from './shift-call-rules.ts';
import { EMPTY_SHIFT_CALL, type ShiftCallValues } from './shift-call-values.ts';

const zone = 'America/Toronto';
// 10 June 2030, 09:00:30 in Toronto.
const now = new Date('2030-06-10T13:00:30Z');
const valid: ShiftCallValues = {
  staffType: 'Registered Nurse',
  skill: 'Palliative care',
  startsAt: '2030-06-10 09:00:00',
  endsAt: '2030-06-10 17:00:00',
  streetNumber: '12',
  streetName: 'King St W',
  city: 'Toronto',
  province: 'ON',
  country: 'Canada',
  postalCode: 'M5H 1A1',
  notes: '',
};

describe('validateShiftCall', () => {
  it('accepts a complete form (Extra information is optional)', () => {
    expect(validateShiftCall(valid, zone, now)).toEqual({});
    expect(hasErrors(validateShiftCall(valid, zone, now))).toBe(false);
  });

  it('gives every required message for an empty form', () => {
    expect(validateShiftCall(EMPTY_SHIFT_CALL, zone, now)).toEqual({
      staffType: 'Staff type is required',
      skill: 'Skill is required',
      startsAt: 'Start date is required',
      endsAt: 'End date is required',
      streetNumber: 'Street number is required',
      streetName: 'Street name is required',
      city: 'City is required',
      province: 'Province is required',
      country: 'Country is required',
      postalCode: 'Postal code is required',
    });
  });

  it('treats spaces as empty', () => {
    const errors = validateShiftCall({ ...valid, streetName: '   ', city: ' ' }, zone, now);
    expect(errors).toEqual({ streetName: 'Street name is required', city: 'City is required' });
  });

  it.each(['12a', '-3', '1.5', 'twelve'])('street number %j must be numeric', (streetNumber) => {
    expect(validateShiftCall({ ...valid, streetNumber }, zone, now).streetNumber).toBe('Street number must be numeric');
  });

  it('postal code needs at least 6 characters', () => {
    expect(validateShiftCall({ ...valid, postalCode: 'M5H1A' }, zone, now).postalCode).toBe(
      'Postal code must be at least 6 characters',
    );
  });

  it('start cannot be in the past, judged in the company time zone', () => {
    expect(validateShiftCall({ ...valid, startsAt: '2030-06-10 08:59:00' }, zone, now).startsAt).toBe(
      'Start date cannot be in the past',
    );
    // The same wall clock is still ahead in Vancouver.
    expect(validateShiftCall({ ...valid, startsAt: '2030-06-10 08:59:00' }, 'America/Vancouver', now)).toEqual({});
  });

  it('end must be after start', () => {
    expect(validateShiftCall({ ...valid, endsAt: valid.startsAt }, zone, now).endsAt).toBe(
      'End date must be after start date',
    );
    expect(validateShiftCall({ ...valid, endsAt: '2030-06-09 17:00:00' }, zone, now).endsAt).toBe(
      'End date must be after start date',
    );
  });
});
