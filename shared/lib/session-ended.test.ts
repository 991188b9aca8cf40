import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSessionEndMessage, readSessionEndReason, saveSessionEndNotice } from './session-end-notice.ts';
import {
  classifyResponse,
  createSessionEndDetector,
  FOCUS_CHECK_INTERVAL_MS,
  reportSuspectedSessionEnd,
  setActiveSessionEndDetector,
  signOutThisDevice,
  type SessionEndDeps,
} from './session-ended.ts';

const API = 'https://project.supabase.co';
const auth = (path: string) => `${API}/auth/v1${path}`;

/** A Map-backed localStorage: the unit project runs in Node. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setActiveSessionEndDetector(undefined);
});

function detector(overrides: Partial<SessionEndDeps> = {}) {
  let clock = 1_000_000;
  const deps = {
    hasSessionAtStart: true,
    signOutLocally: vi.fn(() => Promise.resolve()),
    checkSession: vi.fn(() => Promise.resolve()),
    now: () => clock,
    defer: (run: () => void) => run(),
    storage,
    ...overrides,
  };
  return { deps, d: createSessionEndDetector(deps), tick: (ms: number) => (clock += ms) };
}

describe('classifyResponse', () => {
  it('counts a revoked refresh token or session as revoked, on any auth path but logout', () => {
    const refresh = auth('/token?grant_type=refresh_token');
    expect(classifyResponse({ url: refresh, status: 400, code: 'refresh_token_not_found' })).toBe('revoked');
    expect(classifyResponse({ url: auth('/user'), status: 403, code: 'session_not_found' })).toBe('revoked');
    expect(classifyResponse({ url: auth('/logout?scope=local'), status: 403, code: 'session_not_found' })).toBeNull();
  });

  it('counts an expired session or a reused refresh token as expired, never as a password change', () => {
    const refresh = auth('/token?grant_type=refresh_token');
    expect(classifyResponse({ url: refresh, status: 400, code: 'session_expired' })).toBe('expired');
    expect(classifyResponse({ url: refresh, status: 400, code: 'refresh_token_already_used' })).toBe('expired');
    expect(classifyResponse({ url: auth('/user'), status: 403, code: 'bad_jwt' })).toBe('expired');
  });

  it('ignores what is not about the session: a wrong password, a weak one, a sign-up taken', () => {
    expect(
      classifyResponse({ url: auth('/token?grant_type=password'), status: 400, code: 'invalid_credentials' }),
    ).toBeNull();
    expect(classifyResponse({ url: auth('/user'), status: 422, code: 'weak_password' })).toBeNull();
    expect(classifyResponse({ url: auth('/signup'), status: 422, code: 'user_already_exists' })).toBeNull();
    expect(classifyResponse({ url: `${API}/rest/v1/shifts`, status: 403, code: '42501' })).toBeNull();
    expect(classifyResponse({ url: 'not a url', status: 401, code: null })).toBeNull();
  });

  it('asks Auth to verify after a 401 from a function or PostgREST', () => {
    expect(classifyResponse({ url: `${API}/functions/v1/assistant`, status: 401, code: null })).toBe('verify');
    expect(classifyResponse({ url: `${API}/rest/v1/shifts`, status: 401, code: 'PGRST301' })).toBe('verify');
    expect(classifyResponse({ url: `${API}/functions/v1/geocode`, status: 400, code: null })).toBeNull();
  });
});

describe('createSessionEndDetector', () => {
  it('signs out once and keeps one reason, however many failures follow', () => {
    const { d, deps } = detector();
    d.observe({ url: auth('/user'), status: 403, code: 'session_not_found' });
    d.observe({ url: auth('/token?grant_type=refresh_token'), status: 400, code: 'session_expired' });
    d.onAuthEvent('SIGNED_OUT', false);
    d.onAuthEvent('SIGNED_OUT', false);
    expect(deps.signOutLocally).toHaveBeenCalledTimes(1);
    expect(readSessionEndReason()).toBe('revoked');
    expect(readSessionEndMessage()).toBe('You were signed out because your password changed. Log in again.');
  });

  it('treats a SIGNED_OUT nobody asked for as an ended session, with the neutral sentence', () => {
    const { d, deps } = detector();
    d.onAuthEvent('SIGNED_OUT', false);
    expect(deps.signOutLocally).toHaveBeenCalledTimes(1);
    expect(readSessionEndMessage()).toBe('Your session has expired. Log in again.');
  });

  it('says nothing for a sign-out the app asked for, here or in another tab', () => {
    const { d, deps } = detector();
    d.expectSignOut();
    d.observe({ url: auth('/token?grant_type=refresh_token'), status: 400, code: 'refresh_token_not_found' });
    d.onAuthEvent('SIGNED_OUT', false);
    d.doneExpectingSignOut();
    const otherTab = detector();
    otherTab.d.observe({ url: auth('/token?grant_type=refresh_token'), status: 400, code: 'refresh_token_not_found' });
    otherTab.d.onAuthEvent('SIGNED_OUT', false);
    expect(deps.signOutLocally).not.toHaveBeenCalled();
    expect(otherTab.deps.signOutLocally).not.toHaveBeenCalled();
    expect(readSessionEndReason()).toBeNull();
    // Once signed in again, a revocation is news again.
    otherTab.d.onAuthEvent('SIGNED_IN', true);
    otherTab.d.observe({ url: auth('/user'), status: 403, code: 'session_not_found' });
    expect(otherTab.deps.signOutLocally).toHaveBeenCalledTimes(1);
  });

  it('gives another tab’s reason to the tab that only sees the SIGNED_OUT', () => {
    saveSessionEndNotice('revoked');
    const { d } = detector();
    d.onAuthEvent('SIGNED_OUT', false);
    expect(readSessionEndReason()).toBe('revoked');
  });

  it('ignores failures while signed out, and starts afresh with the next session', () => {
    const { d, deps } = detector({ hasSessionAtStart: false });
    d.observe({ url: auth('/user'), status: 403, code: 'session_not_found' });
    expect(deps.signOutLocally).not.toHaveBeenCalled();
    saveSessionEndNotice('revoked');
    d.onAuthEvent('SIGNED_IN', true);
    expect(readSessionEndReason()).toBeNull();
    d.onAuthEvent('SIGNED_IN', true);
    d.observe({ url: auth('/token?grant_type=refresh_token'), status: 400, code: 'refresh_token_not_found' });
    expect(deps.signOutLocally).toHaveBeenCalledTimes(1);
  });

  it('keeps the notice when auth-js re-announces the same session on refocus', () => {
    const { d } = detector();
    saveSessionEndNotice('expired');
    d.onAuthEvent('SIGNED_IN', true);
    expect(readSessionEndReason()).toBe('expired');
  });

  it('verifies a function’s 401 with one Auth check, and refocus checks at most every 30 s', async () => {
    const { d, deps, tick } = detector();
    d.observe({ url: `${API}/functions/v1/assistant`, status: 401, code: null });
    d.observe({ url: `${API}/functions/v1/assistant`, status: 401, code: null });
    expect(deps.checkSession).toHaveBeenCalledTimes(1);
    expect(deps.signOutLocally).not.toHaveBeenCalled();
    await Promise.resolve();
    await Promise.resolve();
    tick(FOCUS_CHECK_INTERVAL_MS - 1);
    d.check(FOCUS_CHECK_INTERVAL_MS);
    expect(deps.checkSession).toHaveBeenCalledTimes(1);
    tick(1);
    d.check(FOCUS_CHECK_INTERVAL_MS);
    expect(deps.checkSession).toHaveBeenCalledTimes(2);
  });

  it('verifies a 401 that comes right after the page-load check, and one that arrives during a check', async () => {
    let answer: () => void = () => {};
    const checkSession = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const { d, deps, tick } = detector({ checkSession });
    d.onAuthEvent('INITIAL_SESSION', true);
    expect(checkSession).toHaveBeenCalledTimes(1);
    // The page-load check is still on its way when the function refuses: one more check follows it.
    d.observe({ url: `${API}/functions/v1/assistant`, status: 401, code: null });
    expect(checkSession).toHaveBeenCalledTimes(1);
    answer();
    await vi.waitFor(() => expect(checkSession).toHaveBeenCalledTimes(2));
    answer();
    await Promise.resolve();
    await Promise.resolve();
    // A second after that check, another refusal is not news yet; five seconds later it is.
    tick(1_000);
    d.observe({ url: `${API}/rest/v1/shifts`, status: 401, code: null });
    expect(checkSession).toHaveBeenCalledTimes(2);
    tick(4_000);
    d.observe({ url: `${API}/rest/v1/shifts`, status: 401, code: null });
    expect(checkSession).toHaveBeenCalledTimes(3);
    expect(deps.signOutLocally).not.toHaveBeenCalled();
  });

  it('asks Auth once as a page loads with a stored session, and after a Realtime channel error', async () => {
    const { d, deps, tick } = detector();
    d.onAuthEvent('INITIAL_SESSION', true);
    d.onAuthEvent('SIGNED_IN', true);
    expect(deps.checkSession).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    await Promise.resolve();
    setActiveSessionEndDetector(d);
    tick(5_000);
    reportSuspectedSessionEnd();
    expect(deps.checkSession).toHaveBeenCalledTimes(2);
  });

  it('watches supabase-js’ requests through its fetch, reading GoTrue’s code', async () => {
    const { d, deps } = detector();
    const answer = new Response(JSON.stringify({ code: 'session_not_found', message: 'gone' }), { status: 403 });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer)),
    );
    const response = await d.fetch(auth('/user'));
    expect(await response.json()).toEqual({ code: 'session_not_found', message: 'gone' });
    expect(deps.signOutLocally).toHaveBeenCalledTimes(1);
  });
});

describe('signOutThisDevice', () => {
  it('ends only this device’s session and counts a session already gone as signed out', async () => {
    const { d } = detector();
    setActiveSessionEndDetector(d);
    const refused = { code: 'refresh_token_not_found', status: 400 };
    const authApi = {
      signOut: vi.fn(() => {
        d.onAuthEvent('SIGNED_OUT', false);
        return Promise.resolve({ error: refused });
      }),
      getSession: vi.fn(() => Promise.resolve({ data: { session: null } })),
    };
    await expect(signOutThisDevice(authApi)).resolves.toBeUndefined();
    expect(authApi.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(readSessionEndReason()).toBeNull();
  });

  it('reports a failure that left the session in place', async () => {
    const failure = new Error('storage blocked');
    const authApi = {
      signOut: () => Promise.resolve({ error: failure }),
      getSession: () => Promise.resolve({ data: { session: { access_token: 'x' } } }),
    };
    await expect(signOutThisDevice(authApi)).rejects.toBe(failure);
  });
});
