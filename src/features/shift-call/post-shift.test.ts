import { describe, expect, it, vi } from 'vitest';
import { postShift, shiftRow, type PostedShift, type PostShiftSteps } from './post-shift.ts';
import {
  geocodeFailure,
  isUsableLocation,
  notGeocoded,
  PostShiftError,
  postShiftMessages,
  saveFailure,
} from './post-shift-errors.ts';
import type { ShiftCallValues } from './shift-call-values.ts';

const values: ShiftCallValues = {
  staffType: 'Personal Support Worker',
  skill: 'Dementia care',
  startsAt: '2030-06-10 09:00:00',
  endsAt: '2030-06-10 17:30:00',
  streetNumber: ' 12 ',
  streetName: 'King St W',
  city: 'Toronto',
  province: 'ON',
  country: 'Canada',
  postalCode: 'm5h 1a1',
  notes: '  ',
};
const context = { companyId: 'company-1', timeZone: 'America/Toronto' };
const location = { lat: 43.65, lng: -79.38, formattedAddress: '12 King St W, Toronto' };
const posted = (overrides: Partial<PostedShift>): PostedShift => ({
  id: 'shift-1',
  dispatchMode: 'everyone',
  notifiedStaff: 3,
  employedStaff: 4,
  nextWaveAt: null,
  ...overrides,
});

function steps(overrides: Partial<PostShiftSteps> = {}): PostShiftSteps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    geocode: vi.fn(async () => {
      calls.push('geocode');
      return location;
    }),
    insert: vi.fn(async () => {
      calls.push('insert');
      return { id: 'shift-1' };
    }),
    notify: vi.fn(async () => {
      calls.push('notify');
      return { sent: 3 };
    }),
    firstWave: vi.fn(async () => ({ notified: 3, nextWaveAt: null })),
    countStaff: vi.fn(async () => 4),
    ...overrides,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<PostShiftError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PostShiftError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('postShift', () => {
  it('geocodes, inserts, then notifies', async () => {
    const s = steps();
    await expect(postShift(values, context, s)).resolves.toEqual(posted({}));
    expect(s.calls).toEqual(['geocode', 'insert', 'notify']);
    expect(s.geocode).toHaveBeenCalledWith({
      streetNumber: '12',
      streetName: 'King St W',
      city: 'Toronto',
      province: 'ON',
      country: 'Canada',
      postalCode: 'm5h 1a1',
    });
    expect(s.notify).toHaveBeenCalledWith('company-1', 'shift-1');
    expect(s.firstWave).toHaveBeenCalledWith('shift-1');
  });

  it('posts in the chosen dispatch mode, with overtime allowed or not', async () => {
    const s = steps({ firstWave: async () => ({ notified: 5, nextWaveAt: '2030-06-10T12:10:00Z' }) });
    const result = await postShift(values, { ...context, dispatchMode: 'best_matches', allowOvertime: true }, s);
    expect(s.insert).toHaveBeenCalledWith(
      expect.objectContaining({ dispatch_mode: 'best_matches', allow_overtime: true }),
    );
    expect(result).toEqual(
      posted({ dispatchMode: 'best_matches', notifiedStaff: 5, nextWaveAt: '2030-06-10T12:10:00Z' }),
    );
  });

  it('builds the row in UTC with trimmed text and no empty notes', () => {
    expect(shiftRow(values, 'America/Toronto', location)).toEqual({
      staff_type: 'Personal Support Worker',
      skill: 'Dementia care',
      street_number: '12',
      street_name: 'King St W',
      city: 'Toronto',
      province: 'ON',
      country: 'Canada',
      postal_code: 'M5H 1A1',
      notes: null,
      starts_at: '2030-06-10T13:00:00.000Z',
      ends_at: '2030-06-10T21:30:00.000Z',
      latitude: 43.65,
      longitude: -79.38,
      dispatch_mode: 'everyone',
      allow_overtime: false,
    });
  });

  it('without a session: "User not logged in", nothing called', async () => {
    const s = steps();
    const error = await failureOf(postShift(values, { ...context, companyId: undefined }, s));
    expect(error.message).toBe('User not logged in');
    expect(s.calls).toEqual([]);
  });

  it('asks before saving a street-only match, with what was matched; a no saves nothing', async () => {
    const approximate = { ...location, formattedAddress: 'King St W, Toronto', isApproximate: true };
    const declined = steps({ geocode: async () => approximate });
    const ask = vi.fn(async () => false);
    const error = await failureOf(postShift(values, { ...context, confirmApproximate: ask }, declined));
    expect(ask).toHaveBeenCalledWith('King St W, Toronto');
    expect(error.kind).toBe('address-not-confirmed');
    expect(declined.insert).not.toHaveBeenCalled();

    const accepted = steps({ geocode: async () => approximate });
    const posted = await postShift(values, { ...context, confirmApproximate: async () => true }, accepted);
    expect(posted.id).toBe('shift-1');
    // An exact match is never asked about.
    const never = vi.fn(async () => false);
    await postShift(values, { ...context, confirmApproximate: never }, steps());
    expect(never).not.toHaveBeenCalled();
  });

  it('an address that cannot be geocoded creates nothing', async () => {
    const s = steps({ geocode: async () => Promise.reject(notGeocoded()) });
    const error = await failureOf(postShift(values, context, s));
    expect(error.message).toBe('Failed to submit: address could not be geocoded');
    expect(s.insert).not.toHaveBeenCalled();
    expect(s.notify).not.toHaveBeenCalled();
  });

  it('a save failure is "Error" / "Failed to submit" and notifies nobody', async () => {
    const s = steps({ insert: async () => Promise.reject({ code: '23514', message: 'violates check' }) });
    const error = await failureOf(postShift(values, context, s));
    expect([error.title, error.message, error.kind]).toEqual(['Error', 'Failed to submit', 'save-failed']);
    expect(s.notify).not.toHaveBeenCalled();
  });

  it('the plan limit is shown in the database words', async () => {
    const message = 'Free plan limit reached: upgrade to Premium to post more than 10 shifts';
    const s = steps({ insert: async () => Promise.reject({ code: 'P0001', message }) });
    const error = await failureOf(postShift(values, context, s));
    expect([error.kind, error.message]).toEqual(['plan-limit', message]);
  });

  it('a push failure does not fail the post', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = steps({ notify: async () => Promise.reject(new Error('push service down')) });
    await expect(postShift(values, context, s)).resolves.toEqual(posted({}));
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});

describe('who was notified', () => {
  it('says how many the first wave notified, of how many employed, and that it does not know when a read fails', async () => {
    const nobody = steps({ firstWave: async () => ({ notified: 0, nextWaveAt: null }), countStaff: async () => 0 });
    await expect(postShift(values, context, nobody)).resolves.toEqual(posted({ notifiedStaff: 0, employedStaff: 0 }));
    const unknown = steps({
      firstWave: async () => Promise.reject(new Error('offline')),
      countStaff: async () => Promise.reject(new Error('offline')),
    });
    await expect(postShift(values, context, unknown)).resolves.toEqual(
      posted({ notifiedStaff: null, employedStaff: null }),
    );
  });
});

describe('error outcomes', () => {
  it('maps geocode failures', () => {
    expect(geocodeFailure(new Error('boom')).message).toBe(postShiftMessages.notGeocoded);
    expect(geocodeFailure({ status: 401 }).message).toBe('User not logged in');
  });

  it('maps save failures', () => {
    expect(saveFailure({ code: 'PGRST303', message: 'JWT expired' }).message).toBe('User not logged in');
    expect(saveFailure(new TypeError('Failed to fetch')).message).toBe('Failed to submit');
  });

  it('refuses 0,0 and out-of-range coordinates', () => {
    expect(isUsableLocation(0, 0)).toBe(false);
    expect(isUsableLocation(91, 10)).toBe(false);
    expect(isUsableLocation(Number.NaN, 10)).toBe(false);
    expect(isUsableLocation('43', -79)).toBe(false);
    expect(isUsableLocation(0, 10)).toBe(true);
    expect(isUsableLocation(43.6, -79.4)).toBe(true);
  });
});
