/** /rest/v1 RPC, JWT handling, schema profiles and error codes through supabase-js. */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL } from '../../tests/support/stack-env.ts';
import {
  clientWithToken,
  createFixture,
  dropFixture,
  mintJwt,
  mintUser,
  prefix,
  seedNotes,
  type TestUser,
} from './rest-support.ts';

const p = prefix('rpc');
let db: pg.Client;
let alice: TestUser;

beforeAll(async () => {
  db = await createFixture(p);
  alice = await mintUser();
  await seedNotes(db, p, alice.id, [
    { title: 'apple pie', team_id: 1 },
    { title: 'apple tart', team_id: 2 },
    { title: 'banana', team_id: 1 },
  ]);
});

afterAll(async () => {
  await dropFixture(db, p);
});

describe('rpc', () => {
  it('POST with named arguments; a scalar result is a JSON scalar; defaults apply', async () => {
    const res = await anonClient().rpc(`${p}_add`, { a: 2, b: 3 });
    expect(res.error).toBeNull();
    expect(res.status).toBe(200);
    expect(res.data).toBe(5);
    const dflt = await anonClient().rpc(`${p}_add`, { a: 2 });
    expect(dflt.data).toBe(12);
  });

  it('GET with get: true, arrays as {a,b}', async () => {
    const res = await anonClient().rpc(`${p}_add`, { a: 1, b: 1 }, { get: true });
    expect(res.data).toBe(2);
    const arr = await anonClient().rpc(`${p}_total`, { xs: [1, 2, 3] }, { get: true });
    expect(arr.error).toBeNull();
    expect(arr.data).toBe(6);
    const post = await anonClient().rpc(`${p}_total`, { xs: [4, 5] });
    expect(post.data).toBe(9);
  });

  it('set-returning functions run as the caller and take filters, order, limit, select and count', async () => {
    const all = await alice.client
      .rpc(`${p}_search`, { q: 'apple' })
      .select('title')
      .order('title', { ascending: false });
    expect(all.error).toBeNull();
    expect(all.data).toEqual([{ title: 'apple tart' }, { title: 'apple pie' }]);
    const filtered = await alice.client
      .rpc(`${p}_search`, { q: '' }, { count: 'exact' })
      .eq('team_id', 1)
      .select('title')
      .order('id')
      .limit(1);
    expect(filtered.data).toEqual([{ title: 'apple pie' }]);
    expect(filtered.count).toBe(2);
    const anon = await anonClient().rpc(`${p}_search`, { q: 'apple' });
    expect(anon.data).toEqual([]);
    const table = await anonClient().rpc(`${p}_pairs`, { n: 3 }).gte('k', 2);
    expect(table.data).toEqual([
      { k: 2, label: 'item 2' },
      { k: 3, label: 'item 3' },
    ]);
    const single = await anonClient().rpc(`${p}_pairs`, { n: 3 }).eq('k', 2).single();
    expect(single.data).toEqual({ k: 2, label: 'item 2' });
  });

  it('a void function gives 204; a single unnamed jsonb parameter gets the whole body', async () => {
    const res = await anonClient().rpc(`${p}_noop`);
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
    const echo = await anonClient().rpc(`${p}_echo`, { any: ['thing', 1], nested: { ok: true } });
    expect(echo.data).toEqual({ any: ['thing', 1], nested: { ok: true } });
  });

  it('raise exception is 400 P0001 with the message', async () => {
    const res = await anonClient().rpc(`${p}_fail`, { msg: 'Shift is already covered.' });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('P0001');
    expect(res.error?.message).toBe('Shift is already covered.');
  });

  it('an unknown function or argument set is 404 PGRST202', async () => {
    const res = await anonClient().rpc(`${p}_missing`, { x: 1 });
    expect(res.status).toBe(404);
    expect(res.error?.code).toBe('PGRST202');
    const args = await anonClient().rpc(`${p}_add`, { zzz: 1 });
    expect(args.status).toBe(404);
    expect(args.error?.code).toBe('PGRST202');
  });
});

describe('a statement committed in the same round trip', () => {
  // The gateway sends COMMIT with the statement when nothing can refuse the result afterwards.
  it('a function that writes and then raises commits nothing, and the connection serves the next call', async () => {
    // More calls than the pool has connections, alternating, so every connection is reused after each kind.
    const calls = Array.from({ length: 60 }, (_, i) =>
      alice.client.rpc(`${p}_add_then`, { title: `round trip ${i}`, fail: i % 2 === 0 }),
    );
    const results = await Promise.all(calls);
    for (const [i, res] of results.entries()) {
      if (i % 2 === 0) {
        expect(res.error?.message).toBe(`Refused after writing round trip ${i}`);
      } else {
        expect(res.error).toBeNull();
        expect(typeof res.data).toBe('number');
      }
    }
    const { rows } = await db.query<{ title: string }>(
      `select title from public.${p}_notes where title like 'round trip %' order by id`,
    );
    expect(rows.map((r) => r.title).sort()).toEqual(
      Array.from({ length: 30 }, (_, k) => `round trip ${2 * k + 1}`).sort(),
    );
    // Each connection left the aborted transaction behind it: a read in a fresh one sees the rows.
    const list = await alice.client.from(`${p}_notes`).select('title').like('title', 'round trip %');
    expect(list.error).toBeNull();
    expect(list.data).toHaveLength(30);
  });
});

describe('errors and JWTs', () => {
  it('a bad filter operator is 400 PGRST100', async () => {
    const res = await anonClient().from(`${p}_notes`).select().filter('title', 'nope', 'x');
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('PGRST100');
    expect(res.error?.message).toContain('failed to parse filter');
  });

  it('an unknown table is 404 PGRST205', async () => {
    const res = await anonClient().from(`${p}_nothing`).select();
    expect(res.status).toBe(404);
    expect(res.error?.code).toBe('PGRST205');
    expect(res.error?.message).toBe(`Could not find the table 'public.${p}_nothing' in the schema cache`);
  });

  it('an unknown column is 400 42703', async () => {
    const sel = await anonClient().from(`${p}_notes`).select('nope');
    expect(sel.status).toBe(400);
    expect(sel.error?.code).toBe('42703');
    const filter = await anonClient().from(`${p}_notes`).select().eq('nope', 1);
    expect(filter.status).toBe(400);
    expect(filter.error?.code).toBe('42703');
  });

  it('an expired JWT is 401 PGRST303 with WWW-Authenticate', async () => {
    const token = await mintJwt({ sub: alice.id, role: 'authenticated' }, -60);
    const res = await clientWithToken(token).from(`${p}_notes`).select();
    expect(res.status).toBe(401);
    expect(res.error?.code).toBe('PGRST303');
    expect(res.error?.message).toBe('JWT expired');
    const raw = await fetch(`${API_URL}/rest/v1/${p}_notes`, {
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` },
    });
    expect(raw.headers.get('www-authenticate')).toContain('Bearer');
  });

  it('a forged JWT is 401 PGRST301', async () => {
    const token = await mintJwt(
      { sub: alice.id, role: 'service_role' },
      3600,
      new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'),
    );
    const res = await clientWithToken(token).from(`${p}_notes`).select();
    expect(res.status).toBe(401);
    expect(res.error?.code).toBe('PGRST301');
  });

  it('a JWT with an unknown role is 401', async () => {
    const token = await mintJwt({ sub: alice.id, role: 'no_such_role' });
    const res = await clientWithToken(token).from(`${p}_notes`).select();
    expect(res.status).toBe(401);
    expect(res.error?.code).toBe('22023');
  });

  it('an unexposed schema is 406 PGRST106', async () => {
    const res = await anonClient().schema('auth').from('users').select();
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe('PGRST106');
    const other = await serviceClient().schema('graphql_public').from('x').select();
    expect(other.status).toBe(404);
  });

  it('a table created just now is served at once', async () => {
    await db.query(`create table public.${p}_fresh (id int primary key); insert into public.${p}_fresh values (1)`);
    try {
      const res = await serviceClient().from(`${p}_fresh`).select();
      expect(res.data).toEqual([{ id: 1 }]);
      await db.query(`alter table public.${p}_fresh add column label text default 'new'`);
      const again = await serviceClient().from(`${p}_fresh`).select('id, label');
      expect(again.data).toEqual([{ id: 1, label: 'new' }]);
    } finally {
      await db.query(`drop table public.${p}_fresh`);
    }
  });

  it('serves a small OpenAPI description', async () => {
    const res = await fetch(`${API_URL}/rest/v1/`, {
      headers: { apikey: ANON_KEY, Accept: 'application/openapi+json' },
    });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { swagger: string; paths: Record<string, unknown> };
    expect(doc.swagger).toBe('2.0');
    expect(doc.paths[`/${p}_notes`]).toBeDefined();
  });

  it('answers a missing apikey with 401', async () => {
    const res = await fetch(`${API_URL}/rest/v1/${p}_notes`);
    expect(res.status).toBe(401);
  });
});
