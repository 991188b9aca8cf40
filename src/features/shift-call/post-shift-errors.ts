/**
 * The Shift Call post flow's outcomes (SPEC §8) and how a failure of each step becomes one of them.
 * The step functions in api/ throw; use-post-shift turns what they throw into a PostShiftError.
 */

export const postShiftMessages = {
  notGeocoded: 'Failed to submit: address could not be geocoded',
  saveFailed: 'Failed to submit',
  saveFailedTitle: 'Error',
  notLoggedIn: 'User not logged in',
  /** Not a failure: the scheduler chose to correct an address that was only matched approximately. */
  addressNotConfirmed: 'Shift not posted: check the address',
} as const;

/** The database's own refusal (private.check_shift_post); shown as it is, in plain words. */
export const PLAN_LIMIT_PREFIX = 'Free plan limit reached';
/** The database's own words for the limit (shifts migration), said before a post it would refuse. */
export const PLAN_LIMIT_MESSAGE = `${PLAN_LIMIT_PREFIX}: upgrade to Premium to post more than 10 shifts`;

export type PostShiftFailure =
  'not-logged-in' | 'not-geocoded' | 'save-failed' | 'plan-limit' | 'address-not-confirmed';

export class PostShiftError extends Error {
  readonly kind: PostShiftFailure;
  /** The toast's title, when it has one. */
  readonly title?: string;
  constructor(kind: PostShiftFailure, message: string, title?: string) {
    super(message);
    this.name = 'PostShiftError';
    this.kind = kind;
    this.title = title;
  }
}

export const notLoggedIn = (): PostShiftError => new PostShiftError('not-logged-in', postShiftMessages.notLoggedIn);
export const notGeocoded = (): PostShiftError => new PostShiftError('not-geocoded', postShiftMessages.notGeocoded);
export const addressNotConfirmed = (): PostShiftError =>
  new PostShiftError('address-not-confirmed', postShiftMessages.addressNotConfirmed);

interface ErrorShape {
  code?: unknown;
  message?: unknown;
  status?: unknown;
}

const shape = (error: unknown): ErrorShape =>
  typeof error === 'object' && error !== null ? (error as ErrorShape) : {};

/** An HTTP status that means the session is missing or no longer valid. */
export function isUnauthorized(error: unknown): boolean {
  const { code, status } = shape(error);
  return status === 401 || code === 'PGRST301' || code === 'PGRST302' || code === 'PGRST303';
}

/** A failure of the geocode step: signed out, or anything else (no result, 0,0, the service down). */
export function geocodeFailure(error: unknown): PostShiftError {
  if (error instanceof PostShiftError) return error;
  return isUnauthorized(error) ? notLoggedIn() : notGeocoded();
}

/** A failure of the insert: the plan limit in the database's words, signed out, or 'Error' / 'Failed to submit'. */
export function saveFailure(error: unknown): PostShiftError {
  if (error instanceof PostShiftError) return error;
  const { message } = shape(error);
  if (typeof message === 'string' && message.startsWith(PLAN_LIMIT_PREFIX)) {
    return new PostShiftError('plan-limit', message);
  }
  if (isUnauthorized(error)) return notLoggedIn();
  return new PostShiftError('save-failed', postShiftMessages.saveFailed, postShiftMessages.saveFailedTitle);
}

/** Coordinates worth saving: finite, in range and not the 0,0 of a failed lookup. */
export function isUsableLocation(lat: unknown, lng: unknown): lat is number {
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    !(lat === 0 && lng === 0)
  );
}
