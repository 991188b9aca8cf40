/** Sign-up and password sign-in through the unmodified supabase-js client. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { anonClient, superuser, TEST_PASSWORD, uniqueEmail } from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL } from '../../tests/support/stack-env.ts';

let db: pg.Client;
beforeAll(async () => {
  db = await superuser();
});
afterAll(async () => {
  await db.end();
});

describe('signUp', () => {
  it('returns a session and writes the user, its identity and a bcrypt hash', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await anonClient().auth.signUp({ email: email.toUpperCase(), password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.expires_in).toBe(3600);
    const user = data.user;
    expect(user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      is_anonymous: false,
    });
    expect(user?.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: user?.id, id: user?.id });

    const row = await db.query('select email, encrypted_password, email_confirmed_at from auth.users where id = $1', [
      user?.id,
    ]);
    expect(row.rows[0].email).toBe(email);
    // GoTrue's bcrypt (`$2a$10$`; a test run's stack hashes at cost 4), and the password verifies.
    expect(row.rows[0].encrypted_password).toMatch(/^\$2a\$(0[4-9]|[12]\d|3[01])\$/);
    const verified = await db.query('select extensions.crypt($1, $2) = $2 as ok', [
      TEST_PASSWORD,
      row.rows[0].encrypted_password,
    ]);
    expect(verified.rows[0].ok).toBe(true);
    expect(row.rows[0].email_confirmed_at).not.toBeNull();
    const identity = await db.query('select provider, provider_id from auth.identities where user_id = $1', [user?.id]);
    expect(identity.rows).toEqual([{ provider: 'email', provider_id: user?.id }]);
    const sessions = await db.query('select count(*)::int as n from auth.sessions where user_id = $1', [user?.id]);
    expect(sessions.rows[0].n).toBe(1);
  });

  it('stores the sign-up data as user metadata', async () => {
    const email = uniqueEmail('meta');
    const { data, error } = await anonClient().auth.signUp({
      email,
      password: TEST_PASSWORD,
      options: { data: { full_name: 'Ada Lovelace', role_hint: 'agency' } },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ada Lovelace', role_hint: 'agency', email });
    const row = await db.query("select raw_user_meta_data ->> 'full_name' as name from auth.users where id = $1", [
      data.user?.id,
    ]);
    expect(row.rows[0].name).toBe('Ada Lovelace');
  });

  it('refuses a second sign-up with the same email', async () => {
    const email = uniqueEmail('dup');
    await anonClient().auth.signUp({ email, password: TEST_PASSWORD });
    const { data, error } = await anonClient().auth.signUp({ email, password: TEST_PASSWORD });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
  });

  it('rejects a weak password with the reasons', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toBe('Password should be at least 6 characters.');
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
  });

  it('rejects an invalid email and a missing password', async () => {
    const invalid = await anonClient().auth.signUp({ email: 'not-an-email', password: TEST_PASSWORD });
    expect(invalid.error?.status).toBe(400);
    expect(invalid.error?.code).toBe('validation_failed');
    expect(invalid.error?.message).toBe('Unable to validate email address: invalid format');
    const missing = await anonClient().auth.signUp({ email: uniqueEmail('nopass'), password: '' });
    expect(missing.error?.code).toBe('validation_failed');
    expect(missing.error?.message).toBe('Signup requires a valid password');
  });

  it('refuses anonymous sign-ins while they are disabled', async () => {
    const { error } = await anonClient().auth.signInAnonymously();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('anonymous_provider_disabled');
  });

  it('answers 500 Database error saving new user and writes nothing when a trigger fails', async () => {
    await db.query(`create or replace function public.auth_test_reject_signup() returns trigger
      language plpgsql as $$ begin
        if new.email like 'trigger-reject-%' then raise exception 'rejected by test trigger'; end if;
        return new;
      end $$`);
    await db.query(`create or replace trigger auth_test_reject_signup after insert on auth.users
      for each row execute function public.auth_test_reject_signup()`);
    try {
      const email = uniqueEmail('trigger-reject');
      const { error } = await anonClient().auth.signUp({ email, password: TEST_PASSWORD });
      // auth-js turns every 500 into a retryable error and keeps only the message.
      expect(error?.status).toBe(500);
      expect(error?.message).toBe('Database error saving new user');
      const raw = await fetch(`${API_URL}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email, password: TEST_PASSWORD }),
      });
      expect(raw.status).toBe(500);
      expect(await raw.json()).toEqual({ code: 'unexpected_failure', message: 'Database error saving new user' });
      const rows = await db.query('select count(*)::int as n from auth.users where email = $1', [email]);
      expect(rows.rows[0].n).toBe(0);
    } finally {
      await db.query('drop trigger if exists auth_test_reject_signup on auth.users');
      await db.query('drop function if exists public.auth_test_reject_signup()');
    }
  });
});

describe('signInWithPassword', () => {
  it('signs in with the right password and records last_sign_in_at', async () => {
    const email = uniqueEmail('signin');
    await anonClient().auth.signUp({ email, password: TEST_PASSWORD });
    const before = await db.query('select last_sign_in_at from auth.users where email = $1', [email]);
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    const after = await db.query('select last_sign_in_at from auth.users where email = $1', [email]);
    expect(after.rows[0].last_sign_in_at.getTime()).toBeGreaterThan(before.rows[0].last_sign_in_at.getTime());
  });

  it('accepts users whose hash was written by seed SQL with crypt()', async () => {
    const email = uniqueEmail('seeded');
    await db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values (extensions.gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt($2, extensions.gen_salt('bf')), now(),
               '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
      [email, TEST_PASSWORD],
    );
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('answers invalid_credentials for a wrong password and for an unknown user alike', async () => {
    const email = uniqueEmail('wrong');
    await anonClient().auth.signUp({ email, password: TEST_PASSWORD });
    const wrong = await anonClient().auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await anonClient().auth.signInWithPassword({
      email: uniqueEmail('ghost'),
      password: TEST_PASSWORD,
    });
    expect(unknown.error?.status).toBe(400);
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('refuses an unconfirmed email and a banned user', async () => {
    const unconfirmed = uniqueEmail('unconfirmed');
    await db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, created_at, updated_at)
       values (extensions.gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt($2, extensions.gen_salt('bf')), now(), now())`,
      [unconfirmed, TEST_PASSWORD],
    );
    const a = await anonClient().auth.signInWithPassword({ email: unconfirmed, password: TEST_PASSWORD });
    expect(a.error?.code).toBe('email_not_confirmed');
    expect(a.error?.status).toBe(400);

    const banned = uniqueEmail('banned');
    await anonClient().auth.signUp({ email: banned, password: TEST_PASSWORD });
    await db.query("update auth.users set banned_until = now() + interval '1 hour' where email = $1", [banned]);
    const b = await anonClient().auth.signInWithPassword({ email: banned, password: TEST_PASSWORD });
    expect(b.error?.code).toBe('user_banned');
  });
});
