/**
 * Every error the auth service answers, built in one place with GoTrue's codes and messages.
 * Bodies follow API version 2024-01-01 (`{code, message}`); `toResponseBody` adds the legacy
 * `error_code`/`msg` fields for callers that did not ask for that version.
 */
import { HttpError } from '../gateway/http.ts';

export const API_VERSION = '2024-01-01';
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';

/** An auth error: `{code, message}` plus optional extra fields (e.g. `weak_password`). */
export function authError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): HttpError {
  return new HttpError(status, { code, message, ...extra });
}

/** OAuth-style errors, which GoTrue answers with `{error, error_description}` and status 400. */
export function oauthError(error: string, description: string): HttpError {
  return new HttpError(400, { error, error_description: description });
}

export const errors = {
  badJson: (detail: string) => authError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  validation: (message: string) => authError(400, 'validation_failed', message),
  invalidCredentials: () => authError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => authError(400, 'email_not_confirmed', 'Email not confirmed'),
  phoneNotConfirmed: () => authError(400, 'phone_not_confirmed', 'Phone not confirmed'),
  userBannedLogin: () => authError(400, 'user_banned', 'User is banned'),
  userBanned: () => authError(403, 'user_banned', 'User is banned'),
  userAlreadyExists: () => authError(422, 'user_already_exists', 'User already registered'),
  emailExists: () => authError(422, 'email_exists', 'A user with this email address has already been registered'),
  phoneExists: () => authError(422, 'phone_exists', 'A user with this phone number has already been registered'),
  weakPassword: (message: string, reasons: string[]) =>
    authError(422, 'weak_password', message, { weak_password: { reasons } }),
  samePassword: () => authError(422, 'same_password', 'New password should be different from the old password.'),
  signupDisabled: () => authError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  anonymousDisabled: () => authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  phoneProviderDisabled: () => authError(422, 'phone_provider_disabled', 'Phone signups are disabled'),
  noAuthorization: () => authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (message: string) => authError(403, 'bad_jwt', message),
  userNotFoundFromJwt: () => authError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () => authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  notAdmin: () => authError(403, 'not_admin', 'User not allowed'),
  userNotFound: () => authError(404, 'user_not_found', 'User not found'),
  validationNotFound: () => authError(404, 'validation_failed', 'user_id must be an UUID'),
  refreshTokenNotFound: () =>
    authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  refreshUserBanned: () => authError(400, 'user_banned', 'Invalid Refresh Token: User Banned'),
  sessionExpired: () => authError(400, 'session_expired', 'Invalid Refresh Token: Session Expired'),
  rateLimited: () => authError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  notFound: () => authError(404, 'not_found', 'Not Found'),
  // Features config.toml leaves off: GoTrue's own answers (middleware.go, mfa.go, web3.go).
  samlDisabled: () => authError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
  manualLinkingDisabled: () => authError(404, 'manual_linking_disabled', 'Manual linking is disabled'),
  oauthServerDisabled: () => authError(404, 'feature_disabled', 'OAuth server is disabled'),
  passkeysDisabled: () => authError(404, 'passkey_disabled', 'Passkeys are disabled'),
  notAnonymous: () => authError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions'),
  factorNotFound: () => authError(404, 'mfa_factor_not_found', 'Factor not found'),
  factorIdNotUuid: () => authError(404, 'validation_failed', 'factor_id must be an UUID'),
  ssoProviderNotFound: () => authError(404, 'sso_provider_not_found', 'SSO Identity Provider not found'),
  /** A feature switched on in config.toml that this local stack does not provide (GoTrue would). */
  notProvided: (feature: string) =>
    authError(501, 'not_implemented', `${feature} is enabled in config.toml but not provided by the local stack`),
  methodNotAllowed: () => authError(405, 'method_not_allowed', 'Method Not Allowed'),
  unexpected: (message = 'Unexpected failure, please check server logs for more information') =>
    authError(500, 'unexpected_failure', message),
};

/** Whether the caller asked for API version 2024-01-01 or later (auth-js always does). */
export function wantsVersionedErrors(headerValue: string | string[] | undefined): boolean {
  const value = Array.isArray(headerValue) ? headerValue[0] : headerValue;
  if (!value) return false;
  return /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) && value.trim() >= API_VERSION;
}

/**
 * The body sent for an error. Versioned callers get GoTrue's `{code, message}` exactly; the others
 * also get the legacy `error_code` and `msg` fields, which older clients read instead.
 */
export function toResponseBody(error: HttpError, versioned: boolean): unknown {
  const body = error.body;
  if (versioned || typeof body !== 'object' || body === null || !('code' in body)) return body;
  const record = body as Record<string, unknown>;
  return { ...record, error_code: record.code, msg: record.message };
}

/** Postgres unique violations on auth.users' own keys, as opposed to failures in project triggers. */
export function uniqueViolationOf(error: unknown): 'email' | 'phone' | 'id' | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; constraint?: unknown; table?: unknown; schema?: unknown };
  if (e.code !== '23505' || e.schema !== 'auth' || e.table !== 'users') return null;
  if (e.constraint === 'users_email_partial_key') return 'email';
  if (e.constraint === 'users_phone_key') return 'phone';
  if (e.constraint === 'users_pkey') return 'id';
  return null;
}
