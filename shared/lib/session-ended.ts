/**
 * Notices that the signed-in session ended somewhere else (a password change revokes a person's
 * other sessions; an administrator can too) and ends it here once: this device's session is
 * removed (`signOut({ scope: 'local' })`, so nothing else is revoked), the reason is kept for the
 * log-in page (session-end-notice.ts), and the apps' guards take the person to log in. Drafts are
 * left alone.
 *
 * It watches every response of the one supabase-js client through its `fetch`, so it sees the
 * first failure whichever service answers: Auth refusing the refresh token or the session, a
 * function answering 401, or (through `reportSuspectedSessionEnd`) a Realtime channel error.
 * A 401 from a function or PostgREST does not say whether the session is gone, so it only makes
 * the detector ask Auth (`getUser`), whose answer then decides. It also asks as the page loads with
 * a stored session and when the tab comes back into view (at most every 30 s), so a revoked
 * session is noticed without waiting for an action.
 *
 * Knows nothing of supabase-js beyond the two calls it is given: the public pages that never load
 * the client can still import the notice.
 */
import {
  clearSessionEndNotice,
  readSessionEndReason,
  saveSessionEndNotice,
  type SessionEndReason,
} from './session-end-notice.ts';

export interface ObservedResponse {
  url: string;
  status: number;
  /** GoTrue's error code (`code` with API version 2024-01-01, `error_code` before), if any. */
  code: string | null;
}

/** A reason: the session is gone. verify: it may be, ask Auth. null: not about the session. */
export type Verdict = SessionEndReason | 'verify' | null;

export function classifyResponse({ url, status, code }: ObservedResponse): Verdict {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  if (path.includes('/auth/v1/')) {
    // The person's own Log Out: a refusal there means it was already over, which sign-out handles.
    if (path.endsWith('/logout')) return null;
    switch (code) {
      // GoTrue deletes the other sessions (and with them their refresh tokens) on a password change.
      case 'refresh_token_not_found':
      case 'session_not_found':
        return 'revoked';
      case 'session_expired':
      case 'refresh_token_already_used':
        return 'expired';
      case 'user_not_found':
      case 'bad_jwt':
        return path.endsWith('/user') && status === 403 ? 'expired' : null;
      default:
        return null;
    }
  }
  if (status === 401 && (path.includes('/functions/v1/') || path.includes('/rest/v1/'))) return 'verify';
  return null;
}

/** Between checks when the tab comes back into view, and between checks a failure asks for. */
export const FOCUS_CHECK_INTERVAL_MS = 30_000;
export const FAILURE_CHECK_INTERVAL_MS = 5_000;

/** Another tab's own Log Out reaches this tab as SIGNED_OUT too: it leaves this mark first. */
const EXPECTED_SIGN_OUT_KEY = 'carecover-sign-out-expected';
const EXPECTED_SIGN_OUT_MS = 15_000;

export interface SessionEndDeps {
  /** Whether a session is stored as the page loads (the first refresh may already fail). */
  hasSessionAtStart: boolean;
  /** Removes this device's session: supabase-js `signOut({ scope: 'local' })`. */
  signOutLocally: () => Promise<unknown>;
  /** Asks Auth about the session (`getUser`); its answer reaches the detector through `fetch`. */
  checkSession: () => Promise<unknown>;
  now?: () => number;
  /** Runs sign-outs and checks later: auth-js holds its lock while it reads a response or calls listeners. */
  defer?: (run: () => void) => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | string;

export interface SessionEndDetector {
  observe: (response: ObservedResponse) => void;
  onAuthEvent: (event: AuthEvent, hasSession: boolean) => void;
  /** Asks Auth whether the session still exists, unless it was asked within `minIntervalMs`. */
  check: (minIntervalMs: number) => void;
  /** A refusal that may mean the session ended: asks Auth, at most every FAILURE_CHECK_INTERVAL_MS. */
  checkAfterFailure: () => void;
  /** The app is about to sign out on purpose (Log Out, a wrong account type): no message. */
  expectSignOut: () => void;
  doneExpectingSignOut: () => void;
  /** A `fetch` for supabase-js that shows every auth-related refusal to `observe`. */
  fetch: typeof fetch;
}

function browserStorage(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

async function errorCodeOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { code?: unknown; error_code?: unknown } | null;
    if (typeof body?.error_code === 'string') return body.error_code;
    return typeof body?.code === 'string' ? body.code : null;
  } catch {
    return null;
  }
}

export function createSessionEndDetector(deps: SessionEndDeps): SessionEndDetector {
  const now = deps.now ?? (() => Date.now());
  const defer = deps.defer ?? ((run) => setTimeout(run, 0));
  const storage = deps.storage ?? browserStorage();
  let hasSession = deps.hasSessionAtStart;
  let hasEnded = false;
  let isSignOutExpected = false;
  let isChecking = false;
  let isRecheckQueued = false;
  let lastCheckAt = Number.NEGATIVE_INFINITY;
  let lastFailureCheckAt = Number.NEGATIVE_INFINITY;

  const isSignOutExpectedElsewhere = () => {
    try {
      const at = Number(storage?.getItem(EXPECTED_SIGN_OUT_KEY));
      return Number.isFinite(at) && Math.abs(now() - at) < EXPECTED_SIGN_OUT_MS;
    } catch {
      return false;
    }
  };

  const end = (reason: SessionEndReason) => {
    // Another tab's Log Out shares this tab's storage: a refusal of its old token is no news.
    if (hasEnded || isSignOutExpected || isSignOutExpectedElsewhere() || !hasSession) return;
    hasEnded = true;
    saveSessionEndNotice(reason);
    defer(() => {
      deps.signOutLocally().catch(() => {
        // auth-js removes the local session before it calls Auth: nothing is left to undo.
      });
    });
  };

  const runCheck = () => {
    isChecking = true;
    lastCheckAt = now();
    // Deferred: a check may be asked for from inside an auth-js callback, which holds its lock.
    defer(() => {
      deps
        .checkSession()
        .catch(() => {
          // Offline or Auth down: that is not the session ending; the next check asks again.
        })
        .finally(() => {
          isChecking = false;
          // A failure seen while this check was on its way may postdate the answer it got.
          if (isRecheckQueued && hasSession && !hasEnded) {
            isRecheckQueued = false;
            runCheck();
          }
        });
    });
  };

  const check = (minIntervalMs: number) => {
    if (!hasSession || hasEnded || isChecking) return;
    if (now() - lastCheckAt < minIntervalMs) return;
    runCheck();
  };

  // A refusal is news whatever was checked before it (the page-load check may be a second old),
  // so it is limited only by the refusals before it.
  const checkAfterFailure = () => {
    if (!hasSession || hasEnded) return;
    const at = now();
    if (at - lastFailureCheckAt < FAILURE_CHECK_INTERVAL_MS) return;
    lastFailureCheckAt = at;
    if (isChecking) isRecheckQueued = true;
    else runCheck();
  };

  const observe = (response: ObservedResponse) => {
    const verdict = classifyResponse(response);
    if (verdict === 'verify') checkAfterFailure();
    else if (verdict) end(verdict);
  };

  const onAuthEvent = (event: AuthEvent, hasSessionNow: boolean) => {
    if (event === 'SIGNED_OUT') {
      // Unless asked for here or in another tab (end checks), the session ended; another tab may have said why.
      end(readSessionEndReason() ?? 'expired');
      hasSession = false;
      return;
    }
    if (!hasSessionNow) return;
    // A stored session can have been revoked while the app was closed: its token still works for
    // the database, so only Auth can tell. One check per page load.
    if (event === 'INITIAL_SESSION') check(FOCUS_CHECK_INTERVAL_MS);
    if (!hasSession) {
      // A new session: the last one's reason is history, and this one may end too.
      clearSessionEndNotice();
      try {
        storage?.setItem(EXPECTED_SIGN_OUT_KEY, '');
      } catch {
        // The mark only lasts EXPECTED_SIGN_OUT_MS anyway.
      }
      hasEnded = false;
      lastCheckAt = Number.NEGATIVE_INFINITY;
      lastFailureCheckAt = Number.NEGATIVE_INFINITY;
    }
    hasSession = true;
  };

  const expectSignOut = () => {
    isSignOutExpected = true;
    try {
      storage?.setItem(EXPECTED_SIGN_OUT_KEY, String(now()));
    } catch {
      // Other tabs then show the neutral message: still true, they were signed out.
    }
  };

  const observingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      observe({ url: urlOf(input), status: response.status, code: await errorCodeOf(response) });
    }
    return response;
  };

  return {
    observe,
    onAuthEvent,
    check,
    checkAfterFailure,
    expectSignOut,
    doneExpectingSignOut: () => {
      isSignOutExpected = false;
    },
    fetch: observingFetch,
  };
}

let active: SessionEndDetector | undefined;

/** The client module registers its detector; the helpers below reach it without importing supabase-js. */
export function setActiveSessionEndDetector(detector: SessionEndDetector | undefined): void {
  active = detector;
}

/** A Realtime channel failed: it may be the session; ask Auth (rate-limited). */
export function reportSuspectedSessionEnd(): void {
  active?.checkAfterFailure();
}

/** Watches the tab coming back into view; returns the unsubscribe. */
export function checkSessionOnRefocus(detector: SessionEndDetector): () => void {
  if (typeof window === 'undefined') return () => {};
  const onVisible = () => {
    if (document.visibilityState === 'visible') detector.check(FOCUS_CHECK_INTERVAL_MS);
  };
  window.addEventListener('focus', onVisible);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('focus', onVisible);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

interface LocalSignOut {
  signOut: (options: { scope: 'local' }) => Promise<{ error: unknown }>;
  getSession: () => Promise<{ data: { session: unknown } }>;
}

/**
 * The apps' own sign-outs (Log Out, a wrong account type): only this device's session ends, so
 * a person's other sessions end only through a password change or an administrator, which is
 * what the "password changed" message relies on. A session already gone (revoked elsewhere, its
 * refresh refused) still leaves this device signed out: that counts as done, not as an error.
 */
export async function signOutThisDevice(auth: LocalSignOut): Promise<void> {
  active?.expectSignOut();
  try {
    const { error } = await auth.signOut({ scope: 'local' });
    if (!error) return;
    const { data } = await auth.getSession();
    if (data.session) throw error;
  } finally {
    active?.doneExpectingSignOut();
  }
}
