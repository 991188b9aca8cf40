/** Where supabase-js keeps the session in localStorage (set explicitly so it can be checked cheaply). */
export const AUTH_STORAGE_KEY = 'carecover-auth';

/**
 * Whether a session was stored by an earlier visit. Signed-out visitors (no stored session) need
 * no auth client to render the public pages, so supabase-js is only loaded when this is true or
 * when they start to sign in or up.
 */
export function hasStoredSession(): boolean {
  try {
    return globalThis.localStorage?.getItem(AUTH_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}

/**
 * Whether this page load is the landing of an emailed auth link (a sign-up confirmation, a reset
 * or an email change): a session or an error in the fragment, or a PKCE code in the query. The
 * auth client must then load at once to read it, before any guard sends the visitor to log in.
 */
export function hasAuthCallbackInUrl(): boolean {
  const location = globalThis.location;
  if (!location) return false;
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  return hash.has('access_token') || hash.has('error_description') || new URLSearchParams(location.search).has('code');
}
