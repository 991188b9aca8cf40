/**
 * Channel identity over time: `access_token` pushes swap the claims RLS uses, an expiring token
 * closes the channel with a system error, and a dropped socket rejoins and receives changes again.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { superuser } from '../../tests/support/clients.ts';
import { realtimeUser, uniqueName, userJwt, waitFor, type RealtimeUser, type Vsn } from './realtime-support.ts';

type Row = { id: number; owner_id: string; title: string };

const table = uniqueName('rt_notes');
const alice = randomUUID();
const bob = randomUUID();
let db: pg.Client;
const users: RealtimeUser[] = [];

beforeAll(async () => {
  db = await superuser();
  await db.query(`
    create table public.${table} (
      id bigint generated always as identity primary key,
      owner_id uuid not null,
      title text not null
    );
    comment on table public.${table} is 'Realtime test notes, each visible to its owner only.';
    alter table public.${table} enable row level security;
    create policy "Owners can view their notes" on public.${table}
      for select to authenticated using (owner_id = (select auth.uid()));
    alter publication supabase_realtime add table public.${table};
  `);
});

afterAll(async () => {
  await Promise.all(users.map((u) => u.client.removeAllChannels()));
  await db.query(`alter publication supabase_realtime drop table public.${table}`).catch(() => undefined);
  await db.query(`drop table if exists public.${table}`);
  await db.end();
});

async function insert(owner: string, title: string): Promise<void> {
  await db.query(`insert into public.${table} (owner_id, title) values ($1, $2)`, [owner, title]);
}

interface Watch {
  user: RealtimeUser;
  channel: RealtimeChannel;
  titles: string[];
  system: Record<string, unknown>[];
  statuses: string[];
}

async function watch(vsn: Vsn, token: string): Promise<Watch> {
  const user = await realtimeUser(vsn, token);
  users.push(user);
  const titles: string[] = [];
  const system: Record<string, unknown>[] = [];
  const statuses: string[] = [];
  const channel = user.client
    .channel(uniqueName('notes'), { config: { broadcast: { ack: true } } })
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table }, (p: RealtimePostgresChangesPayload<Row>) =>
      titles.push((p.new as Row).title),
    )
    .on('system', {}, (payload: Record<string, unknown>) => system.push(payload));
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
      if (status === 'CHANNEL_ERROR') reject(error ?? new Error(status));
    });
  });
  return { user, channel, titles, system, statuses };
}

/** Pushes on one channel are handled in order: an acknowledged broadcast proves earlier pushes were. */
async function roundTrip(channel: RealtimeChannel): Promise<void> {
  expect(await channel.send({ type: 'broadcast', event: 'sync', payload: {} })).toBe('ok');
}

describe.each<Vsn>(['2.0.0', '1.0.0'])('channel auth (vsn %s)', (vsn) => {
  it('re-authorises with the token of an access_token push (setAuth)', async () => {
    const w = await watch(vsn, await userJwt(alice));
    await insert(alice, `alice-1-${vsn}`);
    await waitFor(() => w.titles.includes(`alice-1-${vsn}`), 'alice’s note');

    await w.user.setToken(await userJwt(bob));
    await roundTrip(w.channel);
    await insert(alice, `alice-2-${vsn}`);
    await insert(bob, `bob-1-${vsn}`);
    await waitFor(() => w.titles.includes(`bob-1-${vsn}`), 'bob’s note');
    expect(w.titles).toEqual([`alice-1-${vsn}`, `bob-1-${vsn}`]);
    expect(w.system.filter((s) => s.status === 'error')).toEqual([]);
  });

  it('closes the channel with a system error when its token expires', async () => {
    // Joined with a valid token first: a token that expires in 2 s can expire before a join on a
    // loaded machine completes. Pushed while valid, it closes the channel when it expires; arriving
    // already expired, at once; the error is the same either way.
    const w = await watch(vsn, await userJwt(alice));
    await w.user.setToken(await userJwt(alice, 2));
    await waitFor(() => w.statuses.includes('CLOSED'), 'the channel to close', 20_000);
    const error = w.system.find((s) => s.status === 'error');
    expect(error).toMatchObject({ extension: 'system', status: 'error', channel: expect.any(String) });
    expect(String(error?.message)).toMatch(/^Token has expired \d+ seconds ago$/);
  });

  it('closes the channel when an access_token push carries an invalid token', async () => {
    const w = await watch(vsn, await userJwt(alice));
    await w.user.setToken(await userJwt(alice, -10));
    await waitFor(() => w.statuses.includes('CLOSED'), 'the channel to close');
    expect(w.system.find((s) => s.status === 'error')?.message).toMatch(/^Token has expired/);
  });

  it('rejoins after the socket drops and receives new changes again', async () => {
    const w = await watch(vsn, await userJwt(alice));
    await insert(alice, `before-drop-${vsn}`);
    await waitFor(() => w.titles.includes(`before-drop-${vsn}`), 'the first note');

    // The socket realtime-js holds; dropping its TCP connection looks like a server or network drop.
    const socket = (
      w.user.client.realtime as unknown as { socketAdapter: { getSocket(): { conn: WebSocket } } }
    ).socketAdapter.getSocket().conn;
    socket.terminate();
    await waitFor(() => w.statuses.filter((s) => s === 'SUBSCRIBED').length === 2, 'the rejoin', 15_000);

    await insert(alice, `after-drop-${vsn}`);
    await waitFor(() => w.titles.includes(`after-drop-${vsn}`), 'the note after the rejoin');
    expect(w.titles).toEqual([`before-drop-${vsn}`, `after-drop-${vsn}`]);
  });
});
