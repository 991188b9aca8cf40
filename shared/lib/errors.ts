/**
 * The one error catalogue of the dashboard (SPEC §8): every screen turns an auth, database or
 * network failure into a message with `errorMessage`. Codes come from auth-js (`AuthError.code`,
 * GoTrue's snake_case codes), PostgREST/Postgres (`PostgrestError.code`) and, for parity with the
 * catalogue's own names, the kebab-case codes SPEC §8 lists.
 */

export const errorMessages = {
  emailInUse: 'Email already in use. Please use another email',
  invalidEmail: 'Invalid email format. Please check and try again',
  operationNotAllowed: 'Operation not allowed. Please contact support',
  userDisabled: 'Your account has been disabled. Contact support for assistance',
  wrongPassword: 'Incorrect password. Please try again',
  userNotFound: 'User not found. Please check your credential',
  network: 'Network error. Check your internet connection and try again',
  invalidCredentials: 'Invalid credentials. Please verify and try again',
  tooManyRequests: 'Too many requests. Please try again late.',
  recentLogin: 'Requires recent login. Please sign in again',
  database: 'Database connection error. Please check your network or try again later',
  unknown: 'An unknown error occurred',
  generic: 'Error. Please try again',
  workerAccount: 'This dashboard is for agencies. Please download the app for workers instead.',
  onboardingUnexpected: 'An unexpected error occurred. Please try again',
  samePassword: 'Choose a password different from your current one',
} as const;

const byCode: Record<string, string> = {
  // Sign-up
  user_already_exists: errorMessages.emailInUse,
  email_exists: errorMessages.emailInUse,
  'email-already-in-use': errorMessages.emailInUse,
  email_address_invalid: errorMessages.invalidEmail,
  'invalid-email': errorMessages.invalidEmail,
  signup_disabled: errorMessages.operationNotAllowed,
  email_provider_disabled: errorMessages.operationNotAllowed,
  'operation-not-allowed': errorMessages.operationNotAllowed,
  // Sign-in
  user_banned: errorMessages.userDisabled,
  'user-disabled': errorMessages.userDisabled,
  'wrong-password': errorMessages.wrongPassword,
  user_not_found: errorMessages.userNotFound,
  'user-not-found': errorMessages.userNotFound,
  invalid_credentials: errorMessages.invalidCredentials,
  'invalid-credential': errorMessages.invalidCredentials,
  over_request_rate_limit: errorMessages.tooManyRequests,
  over_email_send_rate_limit: errorMessages.tooManyRequests,
  'too-many-requests': errorMessages.tooManyRequests,
  reauthentication_needed: errorMessages.recentLogin,
  same_password: errorMessages.samePassword,
  'requires-recent-login': errorMessages.recentLogin,
  'network-request-failed': errorMessages.network,
  'worker-account': errorMessages.workerAccount,
  // The catalogue's document-store codes that mean the database could not be reached.
  unavailable: errorMessages.database,
  'failed-precondition': errorMessages.database,
  aborted: errorMessages.database,
  'deadline-exceeded': errorMessages.database,
  internal: errorMessages.database,
  'resource-exhausted': errorMessages.database,
  cancelled: errorMessages.database,
};

/** Thrown when a worker (staff) account signs in to the agency dashboard. */
export class WorkerAccountError extends Error {
  readonly code = 'worker-account';
  constructor() {
    super(errorMessages.workerAccount);
    this.name = 'WorkerAccountError';
  }
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  status?: unknown;
  message?: unknown;
}

function asErrorLike(error: unknown): ErrorLike {
  return typeof error === 'object' && error !== null ? (error as ErrorLike) : {};
}

/** A request that never got an answer: fetch's TypeError, auth-js' retryable fetch error (status 0). */
export function isNetworkError(error: unknown): boolean {
  const e = asErrorLike(error);
  const message = typeof e.message === 'string' ? e.message : '';
  if (e.name === 'AuthRetryableFetchError' && (e.status === 0 || e.status === undefined)) return true;
  return /failed to fetch|fetch failed|networkerror|network request failed|load failed/i.test(message);
}

/**
 * Database unreachable or overloaded: PostgREST's connection codes (PGRST000–PGRST003), Postgres
 * connection (08…), resource (53…) and shutdown (57P0…) classes, and a 502/503/504 from the gateway.
 */
export function isDatabaseConnectionError(error: unknown): boolean {
  const e = asErrorLike(error);
  const code = typeof e.code === 'string' ? e.code : '';
  if (/^PGRST00[0-3]$/.test(code) || /^08/.test(code) || /^53/.test(code) || /^57P0/.test(code)) return true;
  return e.status === 502 || e.status === 503 || e.status === 504;
}

/** The message of SPEC §8 for any failure: mapped code, network, database, unknown or generic. */
export function errorMessage(error: unknown): string {
  if (error instanceof WorkerAccountError) return errorMessages.workerAccount;
  if (isNetworkError(error)) return errorMessages.network;
  if (isDatabaseConnectionError(error)) return errorMessages.database;
  const code = asErrorLike(error).code;
  if (typeof code !== 'string' || code === '') return errorMessages.unknown;
  return byCode[code] ?? errorMessages.generic;
}

/**
 * Onboarding save failures (SPEC §8): connection problems get the catalogue's message, a failure
 * that explains itself (e.g. the database's plain-sentence guard) shows its message, anything else
 * the unexpected-error text.
 */
export function onboardingErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return errorMessages.network;
  if (isDatabaseConnectionError(error)) return errorMessages.database;
  const message = asErrorLike(error).message;
  return typeof message === 'string' && message.trim() !== '' ? message : errorMessages.onboardingUnexpected;
}
