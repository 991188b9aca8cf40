/** /rest/v1 writes through supabase-js: insert, bulk insert, upsert, update, delete, RLS and constraint errors. */
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL } from '../../tests/support/stack-env.ts';
import { createFixture, dropFixture, mintUser, prefix, type TestUser } from './rest-support.ts';

const p = prefix('write');
const notes = `${p}_notes`;
let db: pg.Client;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  db = await createFixture(p);
  alice = await mintUser();
  bob = await mintUser();
});

beforeEach(async () => {
  await db.query(`truncate public.${p}_notes restart identity cascade`);
});

afterAll(async () => {
  await dropFixture(db, p);
});

async function count(where = 'true'): Promise<number> {
  const res = await db.query<{ n: string }>(`select count(*) as n from public.${p}_notes where ${where}`);
  return Number(res.rows[0]?.n);
}

describe('insert', () => {
  it('inserts one row: 201 with minimal return, DB defaults apply', async () => {
    const res = await alice.client.from(notes).insert({ title: 'one' });
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    expect(res.data).toBeNull();
    const row = await db.query(`select owner_id, status, created_at from public.${p}_notes`);
    expect(row.rows[0]).toMatchObject({ owner_id: alice.id, status: 'draft' });
  });

  it('returns the representation with select(), rendering int8/numeric/timestamptz', async () => {
    const { data, error, status } = await alice.client
      .from(notes)
      .insert({
        title: 'two',
        big: '9007199254740993',
        amount: 3.1,
        created_at: '2025-06-01T12:00:00+02:00',
        tags: ['x'],
      })
      .select('title, big, amount, created_at, tags')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({
      title: 'two',
      big: Number('9007199254740993'),
      amount: 3.1,
      created_at: '2025-06-01T10:00:00+00:00',
      tags: ['x'],
    });
  });

  it('bulk inserts with columns=; missing keys become NULL, or DEFAULT with defaultToNull: false', async () => {
    const nulls = await alice.client
      .from(notes)
      .insert([{ title: 'b1', status: 'x' }, { title: 'b2' }])
      .select('title, status');
    expect(nulls.error).toBeNull();
    expect(nulls.data).toEqual([
      { title: 'b1', status: 'x' },
      { title: 'b2', status: null },
    ]);
    const defaults = await alice.client
      .from(notes)
      .insert([{ title: 'b3', status: 'x' }, { title: 'b4' }], { defaultToNull: false })
      .select('title, status, id');
    expect(defaults.error).toBeNull();
    expect(defaults.data?.map((r) => [r.title, r.status])).toEqual([
      ['b3', 'x'],
      ['b4', 'draft'],
    ]);
    expect(typeof defaults.data?.[1]?.id).toBe('number');
  });

  it('count on insert', async () => {
    const res = await alice.client.from(notes).insert([{ title: 'c1' }, { title: 'c2' }], { count: 'exact' });
    expect(res.status).toBe(201);
    expect(res.count).toBe(2);
  });

  it('RLS insert violation: 401 for anon, 403 for a user', async () => {
    const anon = await anonClient().from(notes).insert({ title: 'sneaky', owner_id: alice.id });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    expect(anon.error?.message).toBe(`new row violates row-level security policy for table "${notes}"`);
    const user = await bob.client.from(notes).insert({ title: 'impersonated', owner_id: alice.id });
    expect(user.status).toBe(403);
    expect(user.error?.code).toBe('42501');
    expect(await count()).toBe(0);
  });

  it('duplicate key is 409 23505, FK violation is 409 23503, NOT NULL is 400 23502', async () => {
    await alice.client.from(notes).insert({ title: 'dup' });
    const dup = await alice.client.from(notes).insert({ title: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    const fk = await alice.client.from(notes).insert({ title: 'fk', team_id: 999 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const nn = await alice.client.from(notes).insert({ body: 'no title' });
    expect(nn.status).toBe(400);
    expect(nn.error?.code).toBe('23502');
  });

  it('an unknown column in the payload is 400 PGRST204; bad JSON is 400 PGRST102', async () => {
    const res = await alice.client.from(notes).insert({ title: 'x', nope: 1 });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('PGRST204');
    expect(res.error?.message).toBe(`Could not find the 'nope' column of '${notes}' in the schema cache`);
    const raw = await fetch(`${API_URL}/rest/v1/${notes}`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${alice.token}`, 'Content-Type': 'application/json' },
      body: '{"title": ',
    });
    expect(raw.status).toBe(400);
    expect((await raw.json()) as unknown).toMatchObject({ code: 'PGRST102' });
  });

  it('single() on a bulk insert of two rows is 406 and rolls the insert back', async () => {
    const res = await alice.client
      .from(notes)
      .insert([{ title: 'r1' }, { title: 'r2' }])
      .select()
      .single();
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe('PGRST116');
    expect(await count()).toBe(0);
  });
});

describe('upsert', () => {
  it('merges duplicates on the primary key and on onConflict columns', async () => {
    const first = await alice.client.from(notes).insert({ title: 'u1', body: 'v1' }).select('id').single();
    const id = (first.data as { id: number }).id;
    const merged = await alice.client.from(notes).upsert({ id, title: 'u1', body: 'v2' }).select('id, body');
    expect(merged.error).toBeNull();
    // Only updated, nothing inserted: PostgREST answers 200 (201 is for upserts that insert, #2926).
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ id, body: 'v2' }]);
    const byUnique = await alice.client
      .from(notes)
      .upsert(
        [
          { owner_id: alice.id, title: 'u1', body: 'v3' },
          { owner_id: alice.id, title: 'u2', body: 'new' },
        ],
        { onConflict: 'owner_id,title' },
      )
      .select('title, body')
      .order('title');
    expect(byUnique.error).toBeNull();
    expect(byUnique.data).toEqual([
      { title: 'u1', body: 'v3' },
      { title: 'u2', body: 'new' },
    ]);
    expect(await count()).toBe(2);
  });

  it('ignoreDuplicates leaves existing rows alone', async () => {
    await alice.client.from(notes).insert({ title: 'keep', body: 'orig' });
    const res = await alice.client
      .from(notes)
      .upsert(
        { owner_id: alice.id, title: 'keep', body: 'changed' },
        { onConflict: 'owner_id,title', ignoreDuplicates: true },
      )
      .select();
    expect(res.error).toBeNull();
    expect(res.data).toEqual([]);
    const row = await db.query(`select body from public.${p}_notes where title = 'keep'`);
    expect(row.rows[0]?.body).toBe('orig');
  });
});

describe('update and delete', () => {
  beforeEach(async () => {
    await db.query(
      `insert into public.${p}_notes (owner_id, title, team_id) values ($1, 'a1', 1), ($1, 'a2', 2), ($2, 'b1', 1)`,
      [alice.id, bob.id],
    );
  });

  it('updates only rows the user may update: 204 minimal, 200 with representation', async () => {
    const minimal = await alice.client.from(notes).update({ body: 'edited' }).eq('team_id', 1);
    expect(minimal.status).toBe(204);
    expect(await count(`body = 'edited'`)).toBe(1);
    const repr = await alice.client
      .from(notes)
      .update({ body: 'again', amount: 7 })
      .in('title', ['a1', 'a2', 'b1'])
      .select('title, body, amount')
      .order('title');
    expect(repr.status).toBe(200);
    expect(repr.data).toEqual([
      { title: 'a1', body: 'again', amount: 7 },
      { title: 'a2', body: 'again', amount: 7 },
    ]);
    const hidden = await bob.client.from(notes).update({ body: 'hack' }).eq('title', 'a1').select();
    expect(hidden.data).toEqual([]);
  });

  it('an update with nothing to set touches no row: 204 minimal, 200 [] with representation', async () => {
    const minimal = await alice.client.from(notes).update({}).or('title.eq.a1,title.eq.a2');
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(204);
    const repr = await alice.client.from(notes).update({}).eq('team_id', 1).select('title');
    expect(repr.status).toBe(200);
    expect(repr.data).toEqual([]);
    expect(await count(`body is not null`)).toBe(0);
  });

  it('an update that breaks the WITH CHECK is 403 42501', async () => {
    const res = await alice.client.from(notes).update({ owner_id: bob.id }).eq('title', 'a1');
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe('42501');
  });

  it('deletes with filters; representation and count', async () => {
    const res = await alice.client.from(notes).delete({ count: 'exact' }).eq('title', 'a2').select('title');
    expect(res.status).toBe(200);
    expect(res.data).toEqual([{ title: 'a2' }]);
    expect(res.count).toBe(1);
    const minimal = await alice.client.from(notes).delete().eq('title', 'b1');
    expect(minimal.status).toBe(204);
    expect(await count()).toBe(2);
  });

  it('refuses unfiltered PATCH and DELETE like pg-safeupdate', async () => {
    const del = await serviceClient().from(notes).delete();
    expect(del.status).toBe(400);
    expect(del.error?.code).toBe('21000');
    expect(del.error?.message).toBe('DELETE requires a WHERE clause');
    const upd = await serviceClient().from(notes).update({ body: 'x' });
    expect(upd.status).toBe(400);
    expect(upd.error?.message).toBe('UPDATE requires a WHERE clause');
    expect(await count()).toBe(3);
  });

  it('Prefer: tx=rollback discards the write but returns the representation', async () => {
    const res = await fetch(`${API_URL}/rest/v1/${notes}?title=eq.a1&select=title`, {
      method: 'DELETE',
      headers: {
        apikey: ANON_KEY,
        Authorization: `Bearer ${alice.token}`,
        Prefer: 'return=representation, tx=rollback',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
    expect(await res.json()).toEqual([{ title: 'a1' }]);
    expect(await count()).toBe(3);
  });
});
