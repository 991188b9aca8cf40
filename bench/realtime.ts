/**
 * Realtime: latency from COMMIT of an insert to the callback in subscribed supabase-js clients
 * (1 subscriber, and 100 of which half may not see the row), and changes per second delivered to
 * one subscriber.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { ANON_KEY, apiUrl, dbUrl } from '../stack/src/config.ts';
import { signJwt } from '../stack/src/gateway/jwt.ts';
import { clientOptions } from '../tests/support/clients.ts';
import { summarise, type Summary } from './stats.ts';

const TABLE = 'bench_realtime_rows';
let nextId = 1;

async function userToken(sub: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 });
}

async function subscriber(token: string, onRow: (id: number) => void): Promise<SupabaseClient> {
  const client = createClient(apiUrl, ANON_KEY, {
    ...clientOptions,
    realtime: { ...clientOptions.realtime, accessToken: async () => token },
  });
  await client.realtime.setAuth();
  await new Promise<void>((resolve, reject) => {
    client
      .channel(`bench-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: TABLE }, (payload) =>
        onRow(Number((payload.new as { id: number }).id)),
      )
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
      });
  });
  return client;
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('realtime benchmark timed out waiting for deliveries');
    await new Promise((r) => setImmediate(r));
  }
}

/** Inserts `count` rows one by one and records, per visible subscriber, commit → callback. */
async function latency(
  admin: pg.Client,
  owner: string,
  other: string,
  subscribers: number,
  count: number,
): Promise<Summary> {
  const commitAt = new Map<number, number>();
  const latencies: number[] = [];
  const seeing = Math.max(1, Math.floor(subscribers / 2));
  const clients: SupabaseClient[] = [];
  const ownerToken = await userToken(owner);
  const otherToken = await userToken(other);
  for (let i = 0; i < subscribers; i++) {
    const sees = subscribers === 1 || i < seeing;
    clients.push(
      await subscriber(sees ? ownerToken : otherToken, (id) => {
        const t0 = commitAt.get(id);
        if (t0 !== undefined) latencies.push(performance.now() - t0);
      }),
    );
  }
  const expected = (subscribers === 1 ? 1 : seeing) * count;
  for (let i = 0; i < count; i++) {
    // Timed from sending the autocommitted INSERT: an upper bound on commit → callback, since
    // the delivery may be handled before the INSERT's own reply is.
    const id = nextId++;
    commitAt.set(id, performance.now());
    await admin.query(`insert into public.${TABLE} (id, company_id, body) values ($1, $2, 'shift posted')`, [
      id,
      owner,
    ]);
    await new Promise((r) => setTimeout(r, 5));
  }
  await waitUntil(() => latencies.length >= expected, 15_000);
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  return summarise(latencies, 1);
}

async function throughput(admin: pg.Client, owner: string, rows: number): Promise<number> {
  let received = 0;
  const client = await subscriber(await userToken(owner), () => received++);
  const t0 = performance.now();
  await admin.query(
    `insert into public.${TABLE} (id, company_id, body) select $3 + i, $1, 'burst' from generate_series(1, $2) i`,
    [owner, rows, nextId],
  );
  nextId += rows + 1;
  await waitUntil(() => received >= rows, 60_000);
  const seconds = (performance.now() - t0) / 1000;
  await client.removeAllChannels();
  return rows / seconds;
}

export async function benchRealtime(): Promise<{ one: Summary; hundred: Summary; perSecond: number }> {
  const admin = new pg.Client({ connectionString: dbUrl() });
  await admin.connect();
  const owner = randomUUID();
  const other = randomUUID();
  try {
    await admin.query(`drop table if exists public.${TABLE}`);
    await admin.query(`create table public.${TABLE} (
      id bigint primary key, company_id uuid not null, body text not null)`);
    await admin.query(`alter table public.${TABLE} enable row level security`);
    await admin.query(`create policy "Companies can view their own bench rows" on public.${TABLE}
                       for select to authenticated using (company_id = (select auth.uid()))`);
    await admin.query(`grant select on public.${TABLE} to authenticated`);
    await admin.query(`alter publication supabase_realtime add table public.${TABLE}`);
    const one = await latency(admin, owner, other, 1, 200);
    const hundred = await latency(admin, owner, other, 100, 100);
    const perSecond = await throughput(admin, owner, 10_000);
    return { one, hundred, perSecond };
  } finally {
    await admin.query(`drop table if exists public.${TABLE}`);
    await admin.end();
  }
}
