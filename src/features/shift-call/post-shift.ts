/**
 * SPEC §7's shift post flow: geocode the address, save the shift (the database sends its first
 * dispatch wave: the in-app notifications of the staff it chose), then have `sendnotification` push
 * to those staff's devices. The steps are injected so the order and the error outcomes are
 * unit-tested without a network.
 */
import { wallClockToUtcIso } from '@shared/lib/zoned-time.ts';
import { countEmployedStaff } from './api/count-employed-staff.ts';
import { createShift, type NewShift } from './api/create-shift.ts';
import { fetchFirstWave, type FirstWave } from './api/fetch-first-wave.ts';
import { geocodeAddress, type AddressParts, type GeocodedAddress } from './api/geocode-address.ts';
import { sendShiftNotifications } from './api/send-shift-notifications.ts';
import { addressNotConfirmed, geocodeFailure, notLoggedIn, saveFailure } from './post-shift-errors.ts';
import type { DispatchMode } from './dispatch-mode.ts';
import type { ShiftCallValues } from './shift-call-values.ts';

export interface PostShiftSteps {
  geocode(address: AddressParts): Promise<GeocodedAddress>;
  insert(shift: NewShift): Promise<{ id: string }>;
  notify(companyId: string, shiftId: string): Promise<unknown>;
  firstWave(shiftId: string): Promise<FirstWave>;
  countStaff(companyId: string): Promise<number>;
}

const networkSteps: PostShiftSteps = {
  geocode: geocodeAddress,
  insert: createShift,
  notify: sendShiftNotifications,
  firstWave: fetchFirstWave,
  countStaff: countEmployedStaff,
};

export interface PostShiftContext {
  /** The signed-in company, or undefined with no session. */
  companyId: string | undefined;
  timeZone: string;
  /**
   * Asked before saving when only the street was found, not the house number, with what was
   * matched; false stops the post (nothing saved) so the address can be corrected.
   */
  confirmApproximate?: (matchedAddress: string) => Promise<boolean>;
  /** Who is notified, and when (SPEC's everyone unless the scheduler chose best matches first). */
  dispatchMode?: DispatchMode;
  /** Staff the shift would put over their weekly hours may still take it (flagged). */
  allowOvertime?: boolean;
}

/** How the shift is dispatched, as the row carries it. */
export interface DispatchChoice {
  dispatchMode: DispatchMode;
  allowOvertime: boolean;
}

/** The row to insert, with trimmed text and UTC instants. */
export function shiftRow(
  values: ShiftCallValues,
  timeZone: string,
  location: GeocodedAddress,
  dispatch: DispatchChoice = { dispatchMode: 'everyone', allowOvertime: false },
): NewShift {
  const startsAt = wallClockToUtcIso(values.startsAt, timeZone);
  const endsAt = wallClockToUtcIso(values.endsAt, timeZone);
  if (!startsAt || !endsAt) throw new Error('Start and end must be validated before posting');
  const notes = values.notes.trim();
  return {
    staff_type: values.staffType.trim(),
    skill: values.skill.trim(),
    street_number: values.streetNumber.trim(),
    street_name: values.streetName.trim(),
    city: values.city.trim(),
    province: values.province.trim(),
    country: values.country.trim(),
    postal_code: values.postalCode.trim().toUpperCase(),
    notes: notes === '' ? null : notes,
    starts_at: startsAt,
    ends_at: endsAt,
    latitude: location.lat,
    longitude: location.lng,
    dispatch_mode: dispatch.dispatchMode,
    allow_overtime: dispatch.allowOvertime,
  };
}

export interface PostedShift {
  id: string;
  dispatchMode: DispatchMode;
  /** Staff members the post notified (null if that could not be read): 0 means nobody heard of it. */
  notifiedStaff: number | null;
  /** Staff members the agency employs (null if unknown): with 0 notified, whether anyone could have been. */
  employedStaff: number | null;
  /** Best matches first: when everyone else who can take it is notified if nobody has accepted. */
  nextWaveAt: string | null;
}

/**
 * Posts a validated form. Resolves with the new shift's id once it is saved; rejects with a
 * PostShiftError. The push request is started, not awaited: a push failure never fails the post.
 */
export async function postShift(
  values: ShiftCallValues,
  context: PostShiftContext,
  steps: PostShiftSteps = networkSteps,
): Promise<PostedShift> {
  const { companyId } = context;
  if (!companyId) throw notLoggedIn();
  const address: AddressParts = {
    streetNumber: values.streetNumber.trim(),
    streetName: values.streetName.trim(),
    city: values.city.trim(),
    province: values.province.trim(),
    country: values.country.trim(),
    postalCode: values.postalCode.trim(),
  };
  let location: GeocodedAddress;
  try {
    location = await steps.geocode(address);
  } catch (error) {
    throw geocodeFailure(error);
  }
  if (location.isApproximate && context.confirmApproximate) {
    if (!(await context.confirmApproximate(location.formattedAddress))) throw addressNotConfirmed();
  }
  const dispatch: DispatchChoice = {
    dispatchMode: context.dispatchMode ?? 'everyone',
    allowOvertime: context.allowOvertime ?? false,
  };
  let shift: { id: string };
  try {
    shift = await steps.insert(shiftRow(values, context.timeZone, location, dispatch));
  } catch (error) {
    throw saveFailure(error);
  }
  // The insert already notified the first wave's staff in the app (same transaction), so the post
  // is done here; the device pushes go out without holding the success message back.
  void steps
    .notify(companyId, shift.id)
    .catch((error: unknown) =>
      console.warn('Push notifications could not be sent; staff still see the shift in the app.', error),
    );
  // Who heard of it is what the database's first wave recorded.
  const [wave, employedStaff] = await Promise.all([
    steps.firstWave(shift.id).catch(() => null),
    steps.countStaff(companyId).catch(() => null),
  ]);
  return {
    id: shift.id,
    dispatchMode: dispatch.dispatchMode,
    notifiedStaff: wave?.notified ?? null,
    employedStaff,
    nextWaveAt: wave?.nextWaveAt ?? null,
  };
}
