/**
 * PostgREST's impersonated role settings: what `alter role … set` gives the role a request runs as
 * applies to that request's transaction. On Supabase that is how anon gets a 3 s and authenticated
 * an 8 s statement_timeout, so a runaway query is cancelled here as it would be there.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superuser } from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL } from '../../tests/support/stack-env.ts';
import { mintJwt } from './rest-support.ts';

const suffix = randomUUID().slice(0, 6);
const role = `rest_settings_${suffix}`;
const probe = `rest_settings_probe_${suffix}`;
const sleep = `rest_settings_sleep_${suffix}`;
let db: pg.Client;

interface Probe {
  statement_timeout: string;
  greeting: string | null;
  log_min_duration_statement: string;
  search_path: string;
}

async function rpc(name: string, token: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${API_URL}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, body: await res.json() };
}

async function probeAs(token: string): Promise<Probe> {
  const { status, body } = await rpc(probe, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Probe;
}

beforeAll(async () => {
  db = await superuser();
  await db.query(`
    create role ${role} nologin;
    grant ${role} to authenticator;
    grant usage on schema public to ${role};
    alter role ${role} set statement_timeout = '750ms';
    alter role ${role} set app.greeting = 'hello';
    -- Superuser-only: applying it as the authenticator would fail every request, so it is skipped.
    alter role ${role} set log_min_duration_statement = 100;
    -- The request's own search path wins over the role's.
    alter role ${role} set search_path = pg_catalog;
    create function public.${probe}() returns json language sql stable as $$
      select json_build_object(
        'statement_timeout', current_setting('statement_timeout'),
        'greeting', current_setting('app.greeting', true),
        'log_min_duration_statement', current_setting('log_min_duration_statement'),
        'search_path', current_setting('search_path'))
    $$;
    create function public.${sleep}() returns void language sql volatile as $$ select pg_sleep(3) $$;
    grant execute on function public.${probe}(), public.${sleep}() to ${role}, anon, authenticated;
  `);
  // ALTER ROLE fires no event trigger: as with PostgREST, a config reload picks the settings up.
  await db.query(`notify pgrst, 'reload config'`);
});

afterAll(async () => {
  await db.query(`
    drop function if exists public.${probe}(), public.${sleep}();
    revoke usage on schema public from ${role};
    drop role if exists ${role};
  `);
  await db.end();
});

describe('impersonated role settings', () => {
  it('applies the role’s own settings to its requests, skipping what only a superuser may set', async () => {
    const token = await mintJwt({ sub: randomUUID(), role });
    await expect.poll(async () => (await probeAs(token)).statement_timeout).toBe('750ms');
    const settings = await probeAs(token);
    expect(settings.greeting).toBe('hello');
    expect(settings.log_min_duration_statement).not.toBe('100ms');
    expect(settings.search_path).toContain('public');
  });

  it('gives anon and authenticated Supabase’s 3 s and 8 s statement timeouts', async () => {
    expect((await probeAs(ANON_KEY)).statement_timeout).toBe('3s');
    const user = await mintJwt({ sub: randomUUID(), role: 'authenticated' });
    expect((await probeAs(user)).statement_timeout).toBe('8s');
  });

  it('cancels a statement that outlives the role’s timeout, with PostgreSQL’s error', async () => {
    const token = await mintJwt({ sub: randomUUID(), role });
    await expect.poll(async () => (await probeAs(token)).statement_timeout).toBe('750ms');
    const { status, body } = await rpc(sleep, token);
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
  });

  it('leaves other requests of the same connection pool untouched', async () => {
    const token = await mintJwt({ sub: randomUUID(), role });
    await expect.poll(async () => (await probeAs(token)).statement_timeout).toBe('750ms');
    const user = await mintJwt({ sub: randomUUID(), role: 'authenticated' });
    const after = await Promise.all(Array.from({ length: 8 }, () => probeAs(user)));
    // A custom setting once set stays defined on a pooled connection, as '' after its transaction.
    expect(after.map((p) => [p.statement_timeout, p.greeting || null])).toEqual(after.map(() => ['8s', null]));
  });
});
