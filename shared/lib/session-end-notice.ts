/**
 * Why the last session ended without the person asking, kept in localStorage so the log-in page
 * (of this tab and of any other tab of the app) can still say so after the redirect, and a person
 * who looked away sees it. Tiny and free of supabase-js: the log-in page reads it before the auth
 * client loads.
 */

/** revoked: Auth no longer knows the session or its refresh token; expired: any other end. */
export type SessionEndReason = 'revoked' | 'expired';

/**
 * A revoked session can only come from a password change (the apps' own Log Out ends only this
 * device's session) or an administrator: the issue's sentence is true in practice. Anything else
 * gets the neutral sentence, which claims no cause.
 */
export const sessionEndMessages: Record<SessionEndReason, string> = {
  revoked: 'You were signed out because your password changed. Log in again.',
  expired: 'Your session has expired. Log in again.',
};

const NOTICE_KEY = 'carecover-session-ended';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function saveSessionEndNotice(reason: SessionEndReason): void {
  try {
    storage()?.setItem(NOTICE_KEY, reason);
  } catch {
    // Storage full or blocked: the redirect to log-in still happens, only the reason is lost.
  }
}

export function readSessionEndReason(): SessionEndReason | null {
  try {
    const value = storage()?.getItem(NOTICE_KEY);
    return value === 'revoked' || value === 'expired' ? value : null;
  } catch {
    return null;
  }
}

/** The sentence to show on the log-in page, or null when the last session ended normally. */
export function readSessionEndMessage(): string | null {
  const reason = readSessionEndReason();
  return reason ? sessionEndMessages[reason] : null;
}

export function clearSessionEndNotice(): void {
  try {
    storage()?.removeItem(NOTICE_KEY);
  } catch {
    // Nothing stored that could be read then either.
  }
}
