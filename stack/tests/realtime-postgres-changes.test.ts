/**
 * postgres_changes under RLS, through the unmodified supabase-js client, for both protocol
 * versions: each user and anon receive exactly the rows their role and claims may select, with the
 * columns they may select, filters apply, and DELETE follows walrus (not RLS-checked, old_record
 * cut to the primary key on RLS tables).
 */
import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superuser } from '../../tests/support/clients.ts';
import {
  realtimeUser,
  subscribed,
  uniqueName,
  userJwt,
  waitFor,
  type RealtimeUser,
  type Vsn,
} from './realtime-support.ts';

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

const table = uniqueName('rt_items');
const companyA = randomUUID();
const companyB = randomUUID();
let db: pg.Client;

beforeAll(async () => {
  db = await superuser();
  await db.query(`
    create table public.${table} (
      id bigint generated always as identity primary key,
      company_id uuid not null,
      title text not null,
      amount int not null default 0,
      is_public boolean not null default false,
      secret text,
      tags text[] not null default '{}',
      meta jsonb not null default '{}',
      created_at timestamptz not null default now()
    );
    comment on table public.${table} is 'Realtime test rows owned by a company.';
    alter table public.${table} enable row level security;
    alter table public.${table} replica identity full;
    create policy "Companies can view their own items" on public.${table}
      for select to authenticated using (company_id = (select auth.uid()) or is_public);
    create policy "Anyone can view public items" on public.${table} for select to anon using (is_public);
    revoke select on public.${table} from anon;
    grant select (id, company_id, title, amount, is_public, tags, meta, created_at) on public.${table} to anon;
    alter publication supabase_realtime add table public.${table};
  `);
});

afterAll(async () => {
  await db.query(`alter publication supabase_realtime drop table public.${table}`).catch(() => undefined);
  await db.query(`drop table if exists public.${table}`);
  await db.end();
});

async function insert(company: string, title: string, extra: Partial<Row> = {}): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.${table} (company_id, title, amount, is_public, secret) values ($1, $2, $3, $4, $5) returning id`,
    [company, title, extra.amount ?? 0, extra.is_public ?? false, extra.secret ?? 'hidden'],
  );
  return Number(rows[0]?.id);
}

/** A change visible to everyone, so anything before it that did not arrive never will. */
async function sentinel(label: string): Promise<number> {
  return insert(companyA, `sentinel-${label}`, { is_public: true });
}

interface Listener {
  user: RealtimeUser;
  changes: Change[];
  titles(type?: string): string[];
  has(title: string, type?: string): boolean;
}

async function listen(
  vsn: Vsn,
  token: string | null,
  filter?: string,
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE' = '*',
): Promise<Listener> {
  const user = await realtimeUser(vsn, token);
  const changes: Change[] = [];
  const channel = user.client
    .channel(uniqueName('changes'))
    .on(
      'postgres_changes',
      { event, schema: 'public', table, ...(filter ? { filter } : {}) } as { event: '*'; schema: string },
      (payload: Change) => changes.push(payload),
    );
  await subscribed(channel);
  const title = (c: Change): string => String((c.eventType === 'DELETE' ? c.old : c.new).title ?? '');
  return {
    user,
    changes,
    titles: (type) => changes.filter((c) => !type || c.eventType === type).map(title),
    has: (t, type) => changes.some((c) => (!type || c.eventType === type) && title(c) === t),
  };
}

describe.each<Vsn>(['2.0.0', '1.0.0'])('postgres_changes with RLS (vsn %s)', (vsn) => {
  let a: Listener;
  let b: Listener;
  let anon: Listener;

  beforeAll(async () => {
    [a, b, anon] = await Promise.all([
      listen(vsn, await userJwt(companyA)),
      listen(vsn, await userJwt(companyB)),
      listen(vsn, null),
    ]);
  });

  afterAll(async () => {
    await Promise.all([a, b, anon].map((l) => l.user.client.removeAllChannels()));
  });

  it('delivers each INSERT only to the subscribers whose role and claims may select the row', async () => {
    await insert(companyA, `a-only-${vsn}`);
    await insert(companyB, `b-only-${vsn}`);
    await insert(companyB, `public-${vsn}`, { is_public: true });
    await sentinel(`insert-${vsn}`);
    for (const l of [a, b, anon]) await waitFor(() => l.has(`sentinel-insert-${vsn}`), 'the sentinel');

    expect(a.titles('INSERT')).toEqual([`a-only-${vsn}`, `public-${vsn}`, `sentinel-insert-${vsn}`]);
    expect(b.titles('INSERT')).toEqual([`b-only-${vsn}`, `public-${vsn}`, `sentinel-insert-${vsn}`]);
    expect(anon.titles('INSERT')).toEqual([`public-${vsn}`, `sentinel-insert-${vsn}`]);
  });

  it('sends the Supabase payload shape, typed values, and only the columns the role may select', async () => {
    const own = a.changes.find((c) => c.eventType === 'INSERT' && c.new.title === `a-only-${vsn}`);
    expect(own).toMatchObject({ schema: 'public', table, eventType: 'INSERT', errors: null, old: {} });
    expect(own?.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(own?.new).toMatchObject({
      company_id: companyA,
      amount: 0,
      is_public: false,
      secret: 'hidden',
      tags: [],
      meta: {},
    });
    const record = own?.new as Row | undefined;
    expect(typeof record?.id).toBe('number');
    expect(String(record?.created_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);

    const seenByAnon = anon.changes.find((c) => c.eventType === 'INSERT' && c.new.title === `public-${vsn}`);
    expect(seenByAnon?.new).not.toHaveProperty('secret');
    expect(seenByAnon?.new).toMatchObject({ company_id: companyB, is_public: true });
  });

  it('delivers UPDATEs under RLS with the new record and the old one', async () => {
    const id = await insert(companyA, `to-update-${vsn}`, { amount: 1 });
    await db.query(`update public.${table} set amount = 2, title = $2 where id = $1`, [id, `updated-${vsn}`]);
    await sentinel(`update-${vsn}`);
    for (const l of [a, b, anon]) await waitFor(() => l.has(`sentinel-update-${vsn}`), 'the sentinel');

    const update = a.changes.find((c) => c.eventType === 'UPDATE' && c.new.id === id);
    expect(update?.new).toMatchObject({ title: `updated-${vsn}`, amount: 2 });
    expect(update?.old).toMatchObject({ id, title: `to-update-${vsn}`, amount: 1 });
    expect(b.changes.some((c) => c.eventType === 'UPDATE' && c.new.id === id)).toBe(false);
    expect(anon.changes.some((c) => c.eventType === 'UPDATE' && c.new.id === id)).toBe(false);
  });

  it('does not RLS-check DELETE but cuts old_record to the primary key on RLS tables', async () => {
    const id = await insert(companyB, `to-delete-${vsn}`);
    await db.query(`delete from public.${table} where id = $1`, [id]);
    await sentinel(`delete-${vsn}`);
    for (const l of [a, b, anon]) await waitFor(() => l.has(`sentinel-delete-${vsn}`), 'the sentinel');
    for (const l of [a, b, anon]) {
      const deleted = l.changes.filter((c) => c.eventType === 'DELETE' && c.old.id === id);
      expect(deleted).toHaveLength(1);
      expect(deleted[0]?.old).toEqual({ id });
      expect(deleted[0]?.new).toEqual({});
    }
  });

  it('applies filters to INSERT and UPDATE records and to the old_record of DELETE', async () => {
    const [own, big, deletes] = await Promise.all([
      listen(vsn, await userJwt(companyA), `company_id=eq.${companyA}`),
      listen(vsn, await userJwt(companyB), 'amount=gt.10'),
      listen(vsn, await userJwt(companyA), `company_id=in.(${companyA},${randomUUID()})`, 'DELETE'),
    ]);
    try {
      await insert(companyA, `f-a-small-${vsn}`, { amount: 5 });
      await insert(companyB, `f-b-big-${vsn}`, { amount: 50 });
      await insert(companyB, `f-b-public-big-${vsn}`, { amount: 11, is_public: true });
      const idA = await insert(companyA, `f-a-delete-${vsn}`);
      const idB = await insert(companyB, `f-b-delete-${vsn}`);
      await db.query(`delete from public.${table} where id = any($1)`, [[idA, idB]]);
      await insert(companyA, `f-end-${vsn}`, { amount: 100, is_public: true });
      await waitFor(() => own.has(`f-end-${vsn}`) && big.has(`f-end-${vsn}`), 'the last insert');
      await waitFor(() => deletes.changes.length > 0, 'the delete');

      expect(own.titles('INSERT')).toEqual([`f-a-small-${vsn}`, `f-a-delete-${vsn}`, `f-end-${vsn}`]);
      expect(big.titles('INSERT')).toEqual([`f-b-big-${vsn}`, `f-b-public-big-${vsn}`, `f-end-${vsn}`]);
      expect(deletes.changes.map((c) => c.old)).toEqual([{ id: idA }]);
    } finally {
      await Promise.all([own, big, deletes].map((l) => l.user.client.removeAllChannels()));
    }
  });
});
