/**
 * What the gateway adds: a filtered, RLS-guarded select of 50 rows through /rest/v1 against the
 * same transaction (role, claims, query) over a direct Postgres connection.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ANON_KEY, apiUrl, dbUrl } from '../stack/src/config.ts';
import { signJwt } from '../stack/src/gateway/jwt.ts';
import { load, summarise, type Summary } from './stats.ts';

const TABLE = 'bench_shifts';
const OWNER = randomUUID();

async function prepare(admin: pg.Client): Promise<void> {
  await admin.query(`drop table if exists public.${TABLE}`);
  await admin.query(`
    create table public.${TABLE} (
      id bigint generated always as identity primary key,
      company_id uuid not null,
      status text not null,
      city text not null,
      starts_at timestamptz not null,
      hourly_rate numeric(8,2) not null
    )`);
  await admin.query(`create index on public.${TABLE} (company_id, status)`);
  await admin.query(`alter table public.${TABLE} enable row level security`);
  await admin.query(`create policy "Companies can view their own bench shifts" on public.${TABLE}
                     for select to authenticated using (company_id = (select auth.uid()))`);
  // 20 companies × 1,000 shifts; the caller sees its own 1,000, of which half are open.
  await admin.query(
    `insert into public.${TABLE} (company_id, status, city, starts_at, hourly_rate)
     select case when c = 0 then $1::uuid else extensions.gen_random_uuid() end,
            case when i % 2 = 0 then 'open' else 'filled' end,
            'Toronto', now() + make_interval(hours => i), 25 + (i % 10)
     from generate_series(0, 19) c, generate_series(1, 1000) i`,
    [OWNER],
  );
  await admin.query(`analyze public.${TABLE}`);
  await new Promise((r) => setTimeout(r, 300)); // let the gateway's schema cache reload
}

export interface RestVsDirect {
  sequential: {
    rest: Summary;
    direct: Summary;
    /** The same rows read by the table owner, RLS bypassed and the company filter written out. */
    directWithoutRls: Summary;
    addedMedianMs: number;
    addedP95Ms: number;
    /** What the RLS policy costs over the explicit filter, direct Postgres both sides. */
    rlsAddedMedianMs: number;
  };
  concurrent: { rest: Summary; direct: Summary; clients: number };
}

export async function benchRestVsDirect(seconds: number): Promise<RestVsDirect> {
  const admin = new pg.Client({ connectionString: dbUrl() });
  await admin.connect();
  await prepare(admin);

  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: OWNER, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 };
  const jwt = await signJwt(claims);
  const path = `/rest/v1/${TABLE}?select=id,status,city,starts_at,hourly_rate&status=eq.open&order=starts_at.asc&limit=50`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL(apiUrl);

  const restCall = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path,
          agent,
          headers: { apikey: ANON_KEY, Authorization: `Bearer ${jwt}`, 'Accept-Profile': 'public' },
        },
        (res) => {
          let size = 0;
          res.on('data', (c: Buffer) => (size += c.length));
          res.on('end', () =>
            res.statusCode === 200 && size > 100 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });

  const direct = new pg.Pool({ connectionString: dbUrl('authenticator'), max: 20 });
  const directSql = `select coalesce(json_agg(t), '[]')::text as body from (
      select id, status, city, starts_at, hourly_rate from public.${TABLE}
      where status = $1 order by starts_at asc limit 50) t`;
  const directCall = async (): Promise<void> => {
    const client = await direct.connect();
    try {
      await client.query('begin read only');
      await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
        'authenticated',
        JSON.stringify(claims),
      ]);
      const { rows } = await client.query<{ body: string }>(directSql, ['open']);
      await client.query('commit');
      if (!rows[0] || rows[0].body.length < 100) throw new Error('direct query saw no rows');
    } finally {
      client.release();
    }
  };

  // The owner bypasses RLS; the policy's condition becomes an explicit filter, so both return the
  // same 50 rows and the difference is the policy machinery (auth.uid() from the claims GUC).
  const owner = new pg.Pool({ connectionString: dbUrl(), max: 1 });
  const noRlsSql = `select coalesce(json_agg(t), '[]')::text as body from (
      select id, status, city, starts_at, hourly_rate from public.${TABLE}
      where company_id = $2 and status = $1 order by starts_at asc limit 50) t`;
  const directNoRlsCall = async (): Promise<void> => {
    const client = await owner.connect();
    try {
      await client.query('begin read only');
      const { rows } = await client.query<{ body: string }>(noRlsSql, ['open', OWNER]);
      await client.query('commit');
      if (!rows[0] || rows[0].body.length < 100) throw new Error('owner query saw no rows');
    } finally {
      client.release();
    }
  };

  // Warm all paths (connections, plans, JIT-free caches) before measuring.
  for (let i = 0; i < 200; i++) {
    await restCall();
    await directCall();
    await directNoRlsCall();
  }

  const ms = seconds * 1000;
  // Sequential phases interleaved call by call, so whatever else the machine is doing weighs on
  // the three paths alike and their difference stays the gateway's (or the policy's) own cost.
  const seq = { rest: [] as number[], direct: [] as number[], noRls: [] as number[] };
  const seqStarted = performance.now();
  while (performance.now() - seqStarted < ms) {
    for (const [key, call] of [
      ['rest', restCall],
      ['direct', directCall],
      ['noRls', directNoRlsCall],
    ] as const) {
      const t0 = performance.now();
      await call();
      seq[key].push(performance.now() - t0);
    }
  }
  const seqElapsed = (performance.now() - seqStarted) / 3;
  const conRest = await load(20, ms, restCall);
  const conDirect = await load(20, ms, directCall);

  await direct.end();
  await owner.end();
  agent.destroy();
  await admin.query(`drop table if exists public.${TABLE}`);
  await admin.end();

  const rest = summarise(seq.rest, seqElapsed);
  const directSummary = summarise(seq.direct, seqElapsed);
  const noRls = summarise(seq.noRls, seqElapsed);
  return {
    sequential: {
      rest,
      direct: directSummary,
      directWithoutRls: noRls,
      rlsAddedMedianMs: directSummary.medianMs - noRls.medianMs,
      addedMedianMs: rest.medianMs - directSummary.medianMs,
      addedP95Ms: rest.p95Ms - directSummary.p95Ms,
    },
    concurrent: {
      rest: summarise(conRest.latencies, conRest.elapsedMs),
      direct: summarise(conDirect.latencies, conDirect.elapsedMs),
      clients: 20,
    },
  };
}
