/** The admin API through supabase-js' auth.admin with the service-role key. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import {
  anonClient,
  serviceClient,
  signedInUser,
  superuser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from '../../tests/support/stack-env.ts';

let db: pg.Client;
beforeAll(async () => {
  db = await superuser();
});
afterAll(async () => {
  await db.end();
});

describe('admin.createUser', () => {
  it('creates a confirmed user with metadata, role and a password that signs in', async () => {
    const email = uniqueEmail('admin-create');
    const { data, error } = await serviceClient().auth.admin.createUser({
      email,
      password: TEST_PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Admin Made' },
      app_metadata: { agency_id: 'a1' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      role: 'authenticated',
      user_metadata: { full_name: 'Admin Made' },
      app_metadata: { provider: 'email', providers: ['email'], agency_id: 'a1' },
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.[0]?.provider).toBe('email');
    const signIn = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('creates an unconfirmed user who cannot sign in yet, and accepts a fixed id and a bcrypt hash', async () => {
    const id = randomUUID();
    const hash = (await db.query("select extensions.crypt($1, extensions.gen_salt('bf', 10)) as h", [TEST_PASSWORD]))
      .rows[0].h;
    const email = uniqueEmail('admin-hash');
    const { data, error } = await serviceClient().auth.admin.createUser({ id, email, password_hash: hash });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const signIn = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signIn.error?.code).toBe('email_not_confirmed');
    await serviceClient().auth.admin.deleteUser(id);
  });

  it('refuses a duplicate email with 422 email_exists', async () => {
    const email = uniqueEmail('admin-dup');
    await serviceClient().auth.admin.createUser({ email, password: TEST_PASSWORD });
    const { error } = await serviceClient().auth.admin.createUser({ email, password: TEST_PASSWORD });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
  });

  it('bans with ban_duration', async () => {
    const email = uniqueEmail('admin-ban');
    const { data } = await serviceClient().auth.admin.createUser({
      email,
      password: TEST_PASSWORD,
      email_confirm: true,
      ban_duration: '24h',
    });
    expect(data.user?.banned_until).toBeTruthy();
    const signIn = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signIn.error?.code).toBe('user_banned');
  });
});

describe('admin.listUsers', () => {
  it('pages newest first with X-Total-Count and a Link header auth-js understands', async () => {
    for (let i = 0; i < 3; i += 1) {
      await serviceClient().auth.admin.createUser({ email: uniqueEmail('admin-list'), password: TEST_PASSWORD });
    }
    const { data, error } = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    if (!('aud' in data)) throw new Error('listUsers returned no page');
    expect(data.users).toHaveLength(2);
    expect(data.aud).toBe('authenticated');
    expect(data.total).toBeGreaterThanOrEqual(3);
    expect(data.nextPage).toBe(2);
    const [first, second] = data.users;
    expect(Date.parse(first?.created_at ?? '')).toBeGreaterThanOrEqual(Date.parse(second?.created_at ?? ''));

    const res = await fetch(`${API_URL}/auth/v1/admin/users?page=1&per_page=2`, {
      headers: {
        apikey: SERVICE_ROLE_KEY,
        authorization: `Bearer ${SERVICE_ROLE_KEY}`,
        Origin: 'http://localhost:5173',
      },
    });
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(3);
    const last = Math.ceil(total / 2);
    expect(res.headers.get('link')).toBe(
      `<${API_URL}/auth/v1/admin/users?page=2&per_page=2>; rel="next", <${API_URL}/auth/v1/admin/users?page=${last}&per_page=2>; rel="last"`,
    );
    const exposed = res.headers.get('access-control-expose-headers') ?? '';
    expect(exposed).toContain('X-Total-Count');
    expect(exposed).toContain('Link');
    const body = (await res.json()) as { users: unknown[]; aud: string };
    expect(body.aud).toBe('authenticated');
  });

  it('defaults to page 1 of 50', async () => {
    const res = await fetch(`${API_URL}/auth/v1/admin/users`, {
      headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    });
    const total = Number(res.headers.get('x-total-count'));
    const body = (await res.json()) as { users: unknown[] };
    expect(body.users.length).toBe(Math.min(total, 50));
  });
});

describe('admin get, update and delete', () => {
  it('gets, updates and hard-deletes a user', async () => {
    const admin = serviceClient();
    const created = await admin.auth.admin.createUser({
      email: uniqueEmail('admin-crud'),
      password: TEST_PASSWORD,
      user_metadata: { a: 1 },
    });
    const id = created.data.user?.id ?? '';
    const got = await admin.auth.admin.getUserById(id);
    expect(got.data.user?.id).toBe(id);

    const updated = await admin.auth.admin.updateUserById(id, {
      user_metadata: { b: 2 },
      app_metadata: { roles: ['admin'] },
      email_confirm: true,
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ a: 1, b: 2 });
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: 'email', roles: ['admin'] });
    expect(updated.data.user?.email_confirmed_at).toBeTruthy();

    const deleted = await admin.auth.admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    expect(deleted.data.user?.id).toBe(id);
    const rows = await db.query('select count(*)::int as n from auth.identities where user_id = $1', [id]);
    expect(rows.rows[0].n).toBe(0);
    const missing = await admin.auth.admin.getUserById(id);
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');
  });

  it('soft-deletes: the row stays, sign-in stops', async () => {
    const admin = serviceClient();
    const email = uniqueEmail('admin-soft');
    const created = await admin.auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
    const id = created.data.user?.id ?? '';
    const res = await fetch(`${API_URL}/auth/v1/admin/users/${id}`, {
      method: 'DELETE',
      headers: {
        apikey: SERVICE_ROLE_KEY,
        authorization: `Bearer ${SERVICE_ROLE_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ should_soft_delete: true }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    const row = await db.query('select deleted_at from auth.users where id = $1', [id]);
    expect(row.rows[0].deleted_at).not.toBeNull();
    const signIn = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signIn.error?.code).toBe('invalid_credentials');
  });

  it('answers 404 for unknown ids and 422 email_exists on a taken email', async () => {
    const admin = serviceClient();
    const unknown = await admin.auth.admin.updateUserById('7d1c3f57-1111-4111-8111-111111111111', {
      user_metadata: {},
    });
    expect(unknown.error?.status).toBe(404);
    const a = await admin.auth.admin.createUser({ email: uniqueEmail('admin-a'), password: TEST_PASSWORD });
    const b = await admin.auth.admin.createUser({ email: uniqueEmail('admin-b'), password: TEST_PASSWORD });
    const clash = await admin.auth.admin.updateUserById(b.data.user?.id ?? '', { email: a.data.user?.email ?? '' });
    expect(clash.error?.status).toBe(422);
    expect(clash.error?.code).toBe('email_exists');
  });
});

describe('admin authorisation', () => {
  it('answers 403 not_admin to a user token and to the anon key', async () => {
    const { accessToken } = await signedInUser('not-admin');
    for (const bearer of [accessToken, ANON_KEY]) {
      const res = await fetch(`${API_URL}/auth/v1/admin/users`, {
        headers: { apikey: ANON_KEY, authorization: `Bearer ${bearer}`, 'x-supabase-api-version': '2024-01-01' },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
    }
  });
});
