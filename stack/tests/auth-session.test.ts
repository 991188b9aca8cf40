/** The signed-in user's account: getUser, updateUser, refresh rotation, sign-out and bad JWTs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { SignJWT } from 'jose';
import { anonClient, signedInUser, superuser, TEST_PASSWORD } from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL, JWT_SECRET } from '../../tests/support/stack-env.ts';

let db: pg.Client;
beforeAll(async () => {
  db = await superuser();
});
afterAll(async () => {
  await db.end();
});

const VERSION = { 'x-supabase-api-version': '2024-01-01' };

async function getUserRaw(jwt: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${API_URL}/auth/v1/user`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${jwt}`, ...VERSION },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function refreshRaw(refreshToken: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${API_URL}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json', ...VERSION },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function decode(jwt: string): Record<string, unknown> {
  const part = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('access token', () => {
  it('carries GoTrue’s claims', async () => {
    const { accessToken, userId, email } = await signedInUser('claims');
    const claims = decode(accessToken);
    expect(claims).toMatchObject({
      iss: `${API_URL}/auth/v1`,
      sub: userId,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    const session = await db.query('select user_id from auth.sessions where id = $1', [claims.session_id]);
    expect(session.rows[0].user_id).toBe(userId);
  });
});

describe('getUser', () => {
  it('returns the user of the JWT', async () => {
    const { client, userId, email } = await signedInUser('getuser');
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: userId, email, aud: 'authenticated' });
  });

  it('answers 403 bad_jwt for the anon key, an expired JWT and a forged one', async () => {
    const anon = await getUserRaw(ANON_KEY);
    expect(anon).toEqual({ status: 403, body: { code: 'bad_jwt', message: 'invalid claim: missing sub claim' } });

    const { userId } = await signedInUser('expired');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sub: userId, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const result = await getUserRaw(expired);
    expect(result.status).toBe(403);
    expect(result.body.code).toBe('bad_jwt');
    const viaClient = await anonClient().auth.getUser(expired);
    expect(viaClient.error?.status).toBe(403);
    expect(viaClient.error?.code).toBe('bad_jwt');

    const forged = await new SignJWT({ sub: userId, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    expect((await getUserRaw(forged)).body.code).toBe('bad_jwt');
  });

  it('answers 403 user_not_found once the user is gone', async () => {
    const { accessToken, userId } = await signedInUser('gone');
    await db.query('delete from auth.users where id = $1', [userId]);
    const result = await getUserRaw(accessToken);
    expect(result.status).toBe(403);
    expect(result.body.code).toBe('user_not_found');
  });
});

describe('updateUser', () => {
  it('merges data into user_metadata', async () => {
    const { client } = await signedInUser('update-meta');
    await client.auth.updateUser({ data: { full_name: 'Grace', team: 'night' } });
    const { data, error } = await client.auth.updateUser({ data: { team: 'day', full_name: null } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ team: 'day' });
    expect(data.user?.user_metadata).not.toHaveProperty('full_name');
  });

  it('changes the password, which then signs in, and refuses the same password', async () => {
    const { client, email } = await signedInUser('update-pass');
    const same = await client.auth.updateUser({ password: TEST_PASSWORD });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');

    const { error } = await client.auth.updateUser({ password: 'N3w-password!' });
    expect(error).toBeNull();
    const old = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await anonClient().auth.signInWithPassword({ email, password: 'N3w-password!' });
    expect(fresh.error).toBeNull();
    // The session that changed the password stays signed in.
    expect((await client.auth.getUser()).error).toBeNull();
  });

  // GoTrue's User.UpdatePassword (internal/models/user.go) calls LogoutAllExceptMe with the caller's
  // session: every other session row goes, and its refresh tokens with it. The apps' "signed out
  // because your password changed" message relies on exactly these answers.
  it('ends every other session on a password change: 403 session_not_found, refresh_token_not_found', async () => {
    const { client, email } = await signedInUser('update-pass-others');
    const other = anonClient();
    await other.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    const otherSession = (await other.auth.getSession()).data.session;
    expect((await client.auth.updateUser({ password: 'N3w-password!' })).error).toBeNull();

    expect(await getUserRaw(otherSession?.access_token ?? '')).toEqual({
      status: 403,
      body: { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' },
    });
    expect(await refreshRaw(otherSession?.refresh_token ?? '')).toEqual({
      status: 400,
      body: { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' },
    });
    const logout = await fetch(`${API_URL}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${otherSession?.access_token ?? ''}`, ...VERSION },
    });
    expect(logout.status).toBe(403);
    // supabase-js on the other device: getUser reports the session missing and removes it.
    const seen = await other.auth.getUser();
    expect(seen.error?.name).toBe('AuthSessionMissingError');
    expect((await other.auth.getSession()).data.session).toBeNull();
    // The device that changed the password keeps its session.
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('changes the email and refuses one that is taken', async () => {
    const other = await signedInUser('taken');
    const { client } = await signedInUser('update-email');
    const taken = await client.auth.updateUser({ email: other.email });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');
    const next = `renamed-${Date.now()}@test.carecover.local`;
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(next);
  });
});

describe('refresh token rotation', () => {
  it('rotates the refresh token and links the new one to the old', async () => {
    const { client } = await signedInUser('rotate');
    const first = (await client.auth.getSession()).data.session;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(first?.refresh_token);
    expect(data.session?.access_token).toBeTruthy();
    const rows = await db.query(
      'select token, revoked, parent from auth.refresh_tokens where token = any($1) order by id',
      [[first?.refresh_token, data.session?.refresh_token]],
    );
    expect(rows.rows).toEqual([
      { token: first?.refresh_token, revoked: true, parent: null },
      { token: data.session?.refresh_token, revoked: false, parent: first?.refresh_token },
    ]);
  });

  it('returns the active token when the previous one is reused, and refuses older reuse after the window', async () => {
    const { client } = await signedInUser('reuse');
    const a = (await client.auth.getSession()).data.session?.refresh_token ?? '';
    const toB = await refreshRaw(a);
    expect(toB.status).toBe(200);
    const b = String(toB.body.refresh_token);
    const again = await refreshRaw(a);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(b);

    const toC = await refreshRaw(b);
    const c = String(toC.body.refresh_token);
    // A is now two generations old: once its reuse window has passed, reuse revokes the family.
    await db.query("update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1", [a]);
    const outside = await refreshRaw(a);
    expect(outside).toEqual({
      status: 400,
      body: { code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' },
    });
    const live = await db.query(
      'select count(*)::int as n from auth.refresh_tokens where session_id = (select session_id from auth.refresh_tokens where token = $1) and revoked = false',
      [c],
    );
    expect(live.rows[0].n).toBe(0);
  });

  it('refuses a manually revoked token outside the window through supabase-js', async () => {
    const { client } = await signedInUser('revoked');
    const token = (await client.auth.getSession()).data.session?.refresh_token ?? '';
    await db.query(
      "update auth.refresh_tokens set revoked = true, updated_at = now() - interval '1 minute' where token = $1",
      [token],
    );
    const { error } = await anonClient().auth.refreshSession({ refresh_token: token });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_already_used');
  });

  it('answers refresh_token_not_found and invalid_request', async () => {
    const unknown = await refreshRaw('nosuchtoken1');
    expect(unknown).toEqual({
      status: 400,
      body: { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' },
    });
    const missing = await refreshRaw('');
    expect(missing).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: 'refresh_token required' },
    });
  });

  it('answers session_expired when the session has ended', async () => {
    const { client } = await signedInUser('expired-session');
    const session = (await client.auth.getSession()).data.session;
    const sessionId = decode(session?.access_token ?? '').session_id;
    await db.query("update auth.sessions set not_after = now() - interval '1 second' where id = $1", [sessionId]);
    const result = await refreshRaw(session?.refresh_token ?? '');
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('session_expired');
  });
});

describe('signOut', () => {
  it('ends the local session only; its token then gets 403 session_not_found', async () => {
    const { client, email } = await signedInUser('signout-local');
    const other = anonClient();
    await other.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    const token = (await client.auth.getSession()).data.session?.access_token ?? '';
    const { error } = await client.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();
    const result = await getUserRaw(token);
    expect(result).toEqual({
      status: 403,
      body: { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' },
    });
    const viaClient = await anonClient().auth.getUser(token);
    expect(viaClient.error?.name).toBe('AuthSessionMissingError');
    expect((await other.auth.getUser()).error).toBeNull();
  });

  it('ends every session with the global scope and answers 204 with an empty body', async () => {
    const { client, email } = await signedInUser('signout-global');
    const other = anonClient();
    await other.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    const otherToken = (await other.auth.getSession()).data.session?.access_token ?? '';
    const token = (await client.auth.getSession()).data.session?.access_token ?? '';
    const res = await fetch(`${API_URL}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, ...VERSION },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await getUserRaw(otherToken)).body.code).toBe('session_not_found');
  });

  it('keeps the current session with the others scope and rejects an unknown scope', async () => {
    const { client, email } = await signedInUser('signout-others');
    const other = anonClient();
    await other.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    const otherToken = (await other.auth.getSession()).data.session?.access_token ?? '';
    const token = (await client.auth.getSession()).data.session?.access_token ?? '';
    const bad = await fetch(`${API_URL}/auth/v1/logout?scope=everyone`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, ...VERSION },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('validation_failed');
    expect((await client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await getUserRaw(token)).status).toBe(200);
    expect((await getUserRaw(otherToken)).body.code).toBe('session_not_found');
  });
});
