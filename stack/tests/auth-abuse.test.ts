/**
 * Auth abuse gates: GoTrue's per-IP limits on sign-ups and password sign-ins, the per-email limit
 * on failed sign-ins, the server's password policy and repeated sign-ups.
 *
 * The limits are exercised on a second auth service started here on a free port with low limits
 * and its own counters, against the same database. Exhausting the running stack's 127.0.0.1
 * bucket would fail the rest of the suite for five minutes; keying the limiter by a forwarded
 * address instead would let any client pick its own bucket (GoTrue trusts X-Forwarded-For only
 * behind a configured proxy), which weakens the stack. A second instance is what a real project
 * with other settings is: the same code, other configuration.
 */
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { createClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../src/auth/service.ts';
import type { AuthSettings } from '../src/auth/context.ts';
import { createAdminPool } from '../src/db/pool.ts';
import { createGateway } from '../src/gateway/server.ts';
import { errorMessage } from '@shared/lib/errors.ts';
import { clientOptions, serviceClient, superuser, TEST_PASSWORD, uniqueEmail } from '../../tests/support/clients.ts';
import { ANON_KEY } from '../../tests/support/stack-env.ts';

/** The admin pool, recording every statement text so a test can see the bcrypt work done. */
function recordingPool(pool: pg.Pool, log: string[]): pg.Pool {
  // A checked-out client records through a proxy, never by patching the client itself: the pool
  // hands the same client out again, to its own query() (recorded below already) or to another
  // test's instance, and a patched client would record those statements twice or in the wrong log.
  const wrapClient = (client: pg.PoolClient): pg.PoolClient =>
    new Proxy(client, {
      get(target, prop) {
        if (prop === 'query') {
          return (...args: unknown[]) => {
            if (typeof args[0] === 'string') log.push(args[0]);
            return (target.query as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop === 'query') {
        return (text: string, values?: unknown[]) => {
          log.push(text);
          return target.query(text, values);
        };
      }
      if (prop === 'connect') return async () => wrapClient(await target.connect());
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

interface Instance {
  url: string;
  statements: string[];
  close(): Promise<void>;
}

const pool = createAdminPool(4);
const instances: Instance[] = [];

async function startAuth(overrides: Partial<AuthSettings>): Promise<Instance> {
  const statements: string[] = [];
  const auth = createAuthService({ adminPool: recordingPool(pool, statements) }, overrides);
  const server: http.Server = createGateway([{ prefix: '/auth/v1', service: auth.service, requiresApikey: true }]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const instance: Instance = {
    url,
    statements,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await auth.close();
    },
  };
  instances.push(instance);
  return instance;
}

const VERSIONED = { 'x-supabase-api-version': '2024-01-01' };

function post(instance: Instance, path: string, body: unknown, headers: Record<string, string> = VERSIONED) {
  return fetch(`${instance.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const created: string[] = [];
let db: pg.Client;

beforeAll(async () => {
  db = await superuser();
});

afterAll(async () => {
  await Promise.all(instances.map((i) => i.close()));
  if (created.length > 0) await db.query('delete from auth.users where lower(email) = any($1)', [created]);
  await db.end();
  await pool.end();
});

function track(email: string): string {
  created.push(email.toLowerCase());
  return email;
}

const RATE_LIMITED = { code: 'over_request_rate_limit', message: 'Request rate limit reached' };

describe('rate limits (GoTrue sign_in_sign_ups, per IP)', () => {
  it('answers 429 over_request_rate_limit past the sign-up limit, with GoTrue’s bodies', async () => {
    const auth = await startAuth({ signInSignUpsPer5Min: 2 });
    for (let i = 0; i < 2; i++) {
      const ok = await post(auth, '/signup', { email: track(uniqueEmail('abuse-signup')), password: TEST_PASSWORD });
      expect(ok.status).toBe(200);
    }
    const over = await post(auth, '/signup', { email: track(uniqueEmail('abuse-signup')), password: TEST_PASSWORD });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual(RATE_LIMITED);
    const legacy = await post(auth, '/signup', { email: uniqueEmail('abuse-signup'), password: TEST_PASSWORD }, {});
    expect(legacy.status).toBe(429);
    expect(await legacy.json()).toEqual({
      ...RATE_LIMITED,
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
    });
    // Refused requests write nothing.
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from auth.users where email = any($1)', [
      created.slice(-1),
    ]);
    expect(rows[0]?.n).toBe(0);
  });

  it('counts password sign-ins in the same window, and the dashboard shows SPEC’s too-many-requests message', async () => {
    const auth = await startAuth({ signInSignUpsPer5Min: 3 });
    const email = track(uniqueEmail('abuse-token'));
    expect((await post(auth, '/signup', { email, password: TEST_PASSWORD })).status).toBe(200);
    const client = createClient(auth.url, ANON_KEY, clientOptions);
    expect((await client.auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
    expect((await client.auth.signInWithPassword({ email, password: 'Wrong!pass1' })).error?.status).toBe(400);
    // The limit is reached: even the right password is refused until the window moves on.
    const { error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    expect(errorMessage(error)).toBe('Too many requests. Please try again late.');
    const signUp = await client.auth.signUp({ email: uniqueEmail('abuse-token'), password: TEST_PASSWORD });
    expect(signUp.error?.status).toBe(429);
    expect(errorMessage(signUp.error)).toBe('Too many requests. Please try again late.');
  });

  it('answers 429 after ten failed sign-ins for one email, whatever the IP budget, and only for that email', async () => {
    const auth = await startAuth({ signInSignUpsPer5Min: 100 });
    const email = track(uniqueEmail('abuse-guess'));
    const other = track(uniqueEmail('abuse-other'));
    for (const e of [email, other])
      expect((await post(auth, '/signup', { email: e, password: TEST_PASSWORD })).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const res = await post(auth, '/token?grant_type=password', { email, password: `Guess!${i}x` });
      expect(res.status).toBe(400);
    }
    const locked = await post(auth, '/token?grant_type=password', {
      email: email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual(RATE_LIMITED);
    const fine = await post(auth, '/token?grant_type=password', { email: other, password: TEST_PASSWORD });
    expect(fine.status).toBe(200);
  });
});

describe('password policy', () => {
  it('refuses passwords shorter than minimum_password_length with 422 weak_password and the reasons', async () => {
    const auth = await startAuth({ minimumPasswordLength: 10 });
    const res = await post(auth, '/signup', { email: uniqueEmail('abuse-short'), password: 'Abc!2345' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 10 characters.',
      weak_password: { reasons: ['length'] },
    });
    const client = createClient(auth.url, ANON_KEY, clientOptions);
    const { error } = await client.auth.signUp({ email: uniqueEmail('abuse-short'), password: 'Abc!2345' });
    expect(error?.code).toBe('weak_password');
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
  });

  it('honours password_requirements as GoTrue does, listing every reason', async () => {
    const auth = await startAuth({ minimumPasswordLength: 8, passwordRequirements: 'lower_upper_letters_digits' });
    const sets = 'abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789';
    const noLower = await post(auth, '/signup', { email: uniqueEmail('abuse-req'), password: 'ABCDEF1!' });
    expect(noLower.status).toBe(422);
    expect(await noLower.json()).toEqual({
      code: 'weak_password',
      message: `Password should contain at least one character of each: ${sets}.`,
      weak_password: { reasons: ['characters'] },
    });
    const both = await post(auth, '/signup', { email: uniqueEmail('abuse-req'), password: 'abc' });
    expect(await both.json()).toEqual({
      code: 'weak_password',
      message: `Password should be at least 8 characters. Password should contain at least one character of each: ${sets}.`,
      weak_password: { reasons: ['length', 'characters'] },
    });
    const ok = await post(auth, '/signup', { email: track(uniqueEmail('abuse-req')), password: 'Abcdefg1' });
    expect(ok.status).toBe(200);
  });

  it('applies the same policy to a password change', async () => {
    const auth = await startAuth({ passwordRequirements: 'letters_digits' });
    const client = createClient(auth.url, ANON_KEY, clientOptions);
    const signUp = await client.auth.signUp({ email: track(uniqueEmail('abuse-change')), password: 'Letters1' });
    expect(signUp.error).toBeNull();
    const { error } = await client.auth.updateUser({ password: '!!!!!!!!' });
    expect(error?.code).toBe('weak_password');
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['characters']);
  });

  it('refuses a password_requirements value the CLI does not know, as the CLI does', () => {
    expect(() => createAuthService({ adminPool: pool }, { passwordRequirements: 'everything' })).toThrow(
      /auth\.password_requirements/,
    );
  });
});

/** A company, a staff member and an unconfirmed account, made as the app and the admin API make them. */
async function existingAccounts(): Promise<{ label: string; email: string }[]> {
  const admin = serviceClient();
  const company = track(uniqueEmail('abuse-company'));
  const staff = track(uniqueEmail('abuse-staff'));
  const unconfirmed = track(uniqueEmail('abuse-unconfirmed'));
  const made = await Promise.all([
    admin.auth.admin.createUser({
      email: company,
      password: TEST_PASSWORD,
      email_confirm: true,
      user_metadata: { account_type: 'company' },
    }),
    admin.auth.admin.createUser({
      email: staff,
      password: TEST_PASSWORD,
      email_confirm: true,
      user_metadata: { account_type: 'staff', first_name: 'Abuse', last_name: 'Test' },
    }),
    admin.auth.admin.createUser({ email: unconfirmed, password: TEST_PASSWORD }),
  ]);
  for (const m of made) if (m.error) throw m.error;
  return [
    { label: 'company', email: company },
    { label: 'staff', email: staff },
    { label: 'unconfirmed', email: unconfirmed },
  ];
}

const PASSWORDS = [TEST_PASSWORD, 'Wrong!pass1', 'another password entirely'];

function bcryptRuns(statements: string[]): number {
  return statements.filter((s) => s.includes("gen_salt('bf'")).length;
}

describe('repeated sign-up with confirmations off (this project: autoconfirm)', () => {
  it('answers the same 422 user_already_exists for every account and password, after the same bcrypt work', async () => {
    const auth = await startAuth({});
    const accounts = await existingAccounts();
    const fresh = await post(auth, '/signup', { email: track(uniqueEmail('abuse-fresh')), password: TEST_PASSWORD });
    expect(fresh.status).toBe(200);
    const hashesForNew = bcryptRuns(auth.statements);
    expect(hashesForNew).toBe(1);

    for (const account of accounts) {
      for (const password of PASSWORDS) {
        const before = auth.statements.length;
        const res = await post(auth, '/signup', { email: account.email.toUpperCase(), password });
        expect([account.label, res.status]).toEqual([account.label, 422]);
        expect(await res.json()).toEqual({ code: 'user_already_exists', message: 'User already registered' });
        expect(bcryptRuns(auth.statements.slice(before))).toBe(hashesForNew);
      }
    }
    // Nothing changed: the unconfirmed account stays unconfirmed and no duplicate was written.
    const { rows } = await db.query<{ email: string; confirmed: boolean }>(
      'select email, email_confirmed_at is not null as confirmed from auth.users where email = any($1) order by email',
      [accounts.map((a) => a.email)],
    );
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.email.startsWith('abuse-unconfirmed'))?.confirmed).toBe(false);
  });

  it('is what the dashboard maps to SPEC’s email-in-use message', async () => {
    const [company] = await existingAccounts();
    const client = createClient((await startAuth({})).url, ANON_KEY, clientOptions);
    const { error } = await client.auth.signUp({ email: company?.email ?? '', password: TEST_PASSWORD });
    expect(errorMessage(error)).toBe('Email already in use. Please use another email');
  });
});

describe('repeated sign-up with confirmations on (GoTrue’s obfuscation)', () => {
  it('answers a repeated sign-up in the shape of a new one: 200, a user, no session, nothing written', async () => {
    const auth = await startAuth({ enableConfirmations: true });
    const accounts = await existingAccounts();
    const freshEmail = track(uniqueEmail('abuse-fresh'));
    const fresh = await post(auth, '/signup', { email: freshEmail, password: TEST_PASSWORD });
    expect(fresh.status).toBe(200);
    const freshBody = (await fresh.json()) as Record<string, unknown>;
    expect(freshBody).not.toHaveProperty('access_token');
    expect(freshBody.email).toBe(freshEmail);
    const hashesForNew = bcryptRuns(auth.statements);

    const { rows: ids } = await db.query<{ id: string }>('select id from auth.users where email = any($1)', [
      accounts.map((a) => a.email),
    ]);
    for (const account of accounts) {
      for (const password of PASSWORDS) {
        const before = auth.statements.length;
        const res = await post(auth, '/signup', { email: account.email, password, data: { account_type: 'company' } });
        expect([account.label, res.status]).toEqual([account.label, 200]);
        const body = (await res.json()) as Record<string, unknown>;
        expect(Object.keys(body).sort()).toEqual(Object.keys(freshBody).sort());
        expect(body).not.toHaveProperty('access_token');
        expect(body).not.toHaveProperty('session');
        expect(body.identities).toEqual([]);
        expect(body.email).toBe(account.email);
        expect(ids.map((r) => r.id)).not.toContain(body.id);
        expect(bcryptRuns(auth.statements.slice(before))).toBe(hashesForNew);
      }
    }
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from auth.users where email = any($1)', [
      accounts.map((a) => a.email),
    ]);
    expect(rows[0]?.n).toBe(3);
  });
});
