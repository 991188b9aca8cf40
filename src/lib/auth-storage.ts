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
