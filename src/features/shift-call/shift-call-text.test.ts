import { describe, expect, it } from 'vitest';
import { confirmationText, shiftAddress, shiftDuration } from './shift-call-text.ts';
import type { ShiftCallValues } from './shift-call-values.ts';

const values: ShiftCallValues = {
  staffType: 'Personal Support Worker',
  skill: 'Dementia care',
  startsAt: '2030-06-10 22:00:00',
  endsAt: '2030-06-12 00:30:00',
  streetNumber: '12',
  streetName: 'King St W',
  city: 'Toronto',
  province: 'ON',
  country: 'Canada',
  postalCode: 'm5h 1a1',
  notes: '',
};

describe('confirmation text', () => {
  it('reads as SPEC §2 says', () => {
    expect(confirmationText(values, 'America/Toronto')).toBe(
      'Requesting coverage for 12 King St W, Toronto, ON M5H 1A1 by a Personal Support Worker for 1 day 2 hrs 30 mins?',
    );
  });

  it('uses singular labels for one of each', () => {
    expect(
      confirmationText(
        { ...values, startsAt: '2030-06-10 08:00:00', endsAt: '2030-06-11 09:01:00' },
        'America/Toronto',
      ),
    ).toBe(
      'Requesting coverage for 12 King St W, Toronto, ON M5H 1A1 by a Personal Support Worker for 1 day 1 hr 1 min?',
    );
  });

  it('formats the address', () => {
    expect(shiftAddress({ ...values, streetNumber: ' 5 ', streetName: ' Main St ' })).toBe(
      '5 Main St, Toronto, ON M5H 1A1',
    );
  });

  it('has no duration until both times are set', () => {
    expect(shiftDuration({ startsAt: '', endsAt: values.endsAt }, 'America/Toronto')).toBeNull();
    expect(shiftDuration({ startsAt: values.startsAt, endsAt: values.startsAt }, 'America/Toronto')).toBeNull();
  });
});
