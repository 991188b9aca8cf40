/**
 * The RLS checks of one batch: many subscribers with distinct roles and claims are checked in one
 * database call that reuses a cached plan per role and policy, so nothing of one subscriber's
 * check (its claims, its role, a value a plan computed from them) may reach another's, and a
 * check that fails must cost only its own subscriber its changes.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superuser } from '../../tests/support/clients.ts';
import { realtimeUser, subscribed, uniqueName, userJwt, waitFor, type RealtimeUser } from './realtime-support.ts';

type Row = { id: number; label: string };
type Change = RealtimePostgresChangesPayload<Row>;

const shared = uniqueName('rt_shared');
const failing = uniqueName('rt_failing');
const emailOf = uniqueName('rt_email_of');
const reshaped = uniqueName('rt_reshaped');
const createReshaped = `
  create table public.${reshaped} (
    id bigint generated always as identity primary key,
    owner_id uuid not null,
    label text not null
  );
  comment on table public.${reshaped} is 'Realtime test rows whose table changes while subscribed.';
  alter table public.${reshaped} enable row level security;
  create policy "Owners can view their rows" on public.${reshaped}
    for select to authenticated using (owner_id = (select auth.uid()));
`;
let db: pg.Client;
const users: RealtimeUser[] = [];

beforeAll(async () => {
  db = await superuser();
  await db.query(`
    create function public.${emailOf}() returns text
      language plpgsql stable set search_path = ''
      as $$ begin return nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'; end $$;
    comment on function public.${emailOf}() is 'The caller''s email claim, through a call the planner cannot inline.';

    create table public.${shared} (
      id bigint generated always as identity primary key,
      owner_id uuid,
      email text,
      label text not null
    );
    comment on table public.${shared} is 'Realtime test rows seen by owner, by addressee or, unowned, by anon.';
    alter table public.${shared} enable row level security;
    -- current_user makes the role a check runs as visible in what it lets through.
    create policy "Owners and addressees can view rows" on public.${shared}
      for select to authenticated
      using (
        current_user = 'authenticated'
        and (owner_id = (select auth.uid()) or email = public.${emailOf}() or label = 'sentinel')
      );
    create policy "Anyone can view unowned rows" on public.${shared}
      for select to anon using (current_user = 'anon' and owner_id is null);

    create table public.${failing} (
      id bigint generated always as identity primary key,
      owner_id uuid not null,
      label text not null
    );
    comment on table public.${failing} is 'Realtime test rows whose policy fails for a malformed tier claim.';
    alter table public.${failing} enable row level security;
    create policy "Owners with a numeric tier can view rows" on public.${failing}
      for select to authenticated
      using (owner_id = (select auth.uid()) and coalesce((auth.jwt() ->> 'tier')::int, 0) >= 0);

    ${createReshaped}
    alter publication supabase_realtime add table public.${shared}, public.${failing}, public.${reshaped};
  `);
});

afterAll(async () => {
  await Promise.all(users.map((u) => u.client.removeAllChannels()));
  await db
    .query(`alter publication supabase_realtime drop table public.${shared}, public.${failing}, public.${reshaped}`)
    .catch(() => undefined);
  await db.query(`drop table if exists public.${shared}, public.${failing}, public.${reshaped}`);
  await db.query(`drop function if exists public.${emailOf}()`);
  await db.end();
});

interface Listener {
  changes: Change[];
  inserted(): string[];
}

async function listen(table: string, token: string | null): Promise<Listener> {
  const user = await realtimeUser('2.0.0', token);
  users.push(user);
  const changes: Change[] = [];
  await subscribed(
    user.client
      .channel(uniqueName('checks'))
      .on('postgres_changes', { event: '*', schema: 'public', table }, (p: Change) => changes.push(p)),
  );
  return {
    changes,
    inserted: () => changes.filter((c) => c.eventType === 'INSERT').map((c) => (c.new as Row).label),
  };
}

describe('RLS checks of one batch', () => {
  it('checks every subscriber as its own role with its own claims, however many share the batch', async () => {
    // Many subscribers of distinct claims for one role and policy, so one cached plan serves
    // most of their checks and the batch's checks are spread over more than one connection, and
    // anon subscribers too, so the call also switches role.
    const people = Array.from({ length: 40 }, (_, i) => ({
      id: randomUUID(),
      email: `${uniqueName(`p${i}`)}@test.local`,
    }));
    const listeners: { who: number | 'anon'; listener: Listener }[] = [];
    for (const [i, person] of people.entries()) {
      const token = await userJwt(person.id, 3600, { email: person.email });
      listeners.push({ who: i, listener: await listen(shared, token) });
      if (i % 4 === 0) listeners.push({ who: 'anon', listener: await listen(shared, null) });
    }

    // One transaction, so one batch: every check below runs in the same database call.
    const values = people.flatMap((p, i) => [
      `('${p.id}', null, 'owned-${i}')`,
      `('${randomUUID()}', '${p.email}', 'mail-${i}')`,
    ]);
    values.push(`(null, null, 'public')`, `('${randomUUID()}', 'nobody@test.local', 'nobody')`);
    await db.query(`insert into public.${shared} (owner_id, email, label) values ${values.join(', ')}`);
    await db.query(`insert into public.${shared} (owner_id, email, label) values (null, null, 'sentinel')`);

    for (const { listener } of listeners) await waitFor(() => listener.inserted().includes('sentinel'), 'the sentinel');
    for (const { who, listener } of listeners) {
      const expected = who === 'anon' ? ['public', 'sentinel'] : [`owned-${who}`, `mail-${who}`, 'sentinel'];
      expect(listener.inserted(), `what ${who === 'anon' ? 'anon' : `person ${who}`} received`).toEqual(expected);
    }
  });

  it('keeps checking rows after the table changes shape, and after it is dropped and created again', async () => {
    const owner = randomUUID();
    const listener = await listen(reshaped, await userJwt(owner));
    // Each row is awaited before the next change of the table: a change that is still being
    // dispatched while its table is dropped is judged against what exists then, as ever.
    const insert = async (label: string): Promise<void> => {
      await db.query(`insert into public.${reshaped} (owner_id, label) values ($1, $2)`, [owner, label]);
      await waitFor(() => listener.inserted().includes(label), `the row ${label}`);
    };
    await insert('before');
    await db.query(`alter table public.${reshaped} add column extra text not null default 'x'`);
    await insert('added');
    await db.query(`alter table public.${reshaped} drop column extra, alter column label type varchar(40)`);
    await insert('dropped');
    await db.query(`
      alter publication supabase_realtime drop table public.${reshaped};
      drop table public.${reshaped};
      ${createReshaped}
      alter publication supabase_realtime add table public.${reshaped};
    `);
    await insert('recreated');
    expect(listener.inserted()).toEqual(['before', 'added', 'dropped', 'recreated']);
  });

  it('drops only the changes of a subscriber whose check fails, not those of the others in the batch', async () => {
    const [good, broken, other] = [randomUUID(), randomUUID(), randomUUID()];
    const goodListener = await listen(failing, await userJwt(good, 3600, { tier: 1 }));
    // Valid JWT, but its tier claim makes the policy's cast fail for every row it owns.
    const brokenListener = await listen(failing, await userJwt(broken, 3600, { tier: 'gold' }));
    const otherListener = await listen(failing, await userJwt(other));

    await db.query(
      `insert into public.${failing} (owner_id, label) values ($1, 'good-row'), ($2, 'broken-row'), ($3, 'other-row')`,
      [good, broken, other],
    );
    // DELETE is not RLS-checked, so it reaches all three, after anything the insert sent them.
    await db.query(`delete from public.${failing} where label = 'other-row'`);
    const deleted = (l: Listener): boolean => l.changes.some((c) => c.eventType === 'DELETE');
    for (const l of [goodListener, brokenListener, otherListener]) await waitFor(() => deleted(l), 'the delete');

    expect(goodListener.inserted()).toEqual(['good-row']);
    expect(otherListener.inserted()).toEqual(['other-row']);
    expect(brokenListener.inserted()).toEqual([]);
  });
});
