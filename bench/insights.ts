/**
 * Coverage insights at scale, through /rest/v1/rpc as one company (issue 11):
 *   - coverage_overview over a year holding 100,000 of the company's shifts (target: median < 100 ms);
 *   - timesheet_csv over the days holding 10,000 completed shifts (target: < 1 s).
 *
 * The gateway serves only database `postgres`, so the data is generated there as a clearly marked
 * bench account (bench-insights-*@bench.carecover.local) and deleted afterwards. The company and its
 * 50 workers go through auth.users, so the real sign-up trigger creates their rows; the shifts are
 * bulk-loaded with `session_replication_role = replica`, which skips the posting triggers (plan
 * check, notification fan-out, history log), and every row still satisfies the table's constraints.
 * Acceptance and clock times are realistic: 90% of shifts are accepted, most within hours of posting
 * and some only after the start; past starts are clocked in from 5 minutes early to 17 minutes late
 * and clocked out 8 hours later. Cleanup runs in the same mode, so it deletes each table's rows
 * explicitly (replica mode skips cascades) and writes no history.
 */
import http from 'node:http';
import pg from 'pg';
import { ANON_KEY, apiUrl, dbUrl } from '../stack/src/config.ts';
import { signJwt } from '../stack/src/gateway/jwt.ts';
import { summarise, type Summary } from './stats.ts';
import { deleteBenchAccounts } from './bench-accounts.ts';
import { waitForReplication } from './replication.ts';

const EMAIL_PATTERN = 'bench-insights-%@bench.carecover.local';
const TARGET_OVERVIEW_MEDIAN_MS = 100;
const TARGET_CSV_MS = 1000;

export interface InsightsOptions {
  shifts?: number;
  staff?: number;
  csvShifts?: number;
  overviewRequests?: number;
  csvRequests?: number;
  log?: (line: string) => void;
}

export interface Insights {
  shifts: number;
  generateMs: number;
  cleanupMs: number;
  overview: Summary & { targetMedianMs: number; meetsTarget: boolean; posted: number };
  csv: Summary & {
    targetMs: number;
    meetsTarget: boolean;
    maxMs: number;
    rows: number;
    bytes: number;
    from: string;
    to: string;
  };
}

const elapsed = (t0: number): number => Math.round(performance.now() - t0);

/** Deletes the bench company, its staff and their rows (also what an interrupted run left behind). */
const cleanup = (db: pg.Client): Promise<void> => deleteBenchAccounts(db, { emailLike: EMAIL_PATTERN });

async function generate(db: pg.Client, shifts: number, staff: number): Promise<string> {
  const users = (kind: string, count: number, meta: string) =>
    db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated',
              'authenticated', format('bench-insights-${kind}-%s@bench.carecover.local', lpad(i::text, 4, '0')), '',
              now(), '{"provider":"email","providers":["email"]}', ${meta}, now(), now()
       from generate_series(1, $1) i`,
      [count],
    );
  await users('company', 1, `'{"account_type":"company"}'::jsonb`);
  await users(
    'staff',
    staff,
    `jsonb_build_object('account_type', 'staff', 'first_name', 'Bench', 'last_name', 'Worker ' || i,
                        'phone', lpad((4165550000 + i)::text, 10, '0'))`,
  );
  const {
    rows: [company],
  } = await db.query<{ id: string }>(`select id from auth.users where email like 'bench-insights-company-%'`);
  const companyId = company?.id as string;
  await db.query(
    `update public.companies set premium = true, company_name = 'Bench Insights Agency', time_zone = 'America/Toronto'
     where id = $1`,
    [companyId],
  );
  await db.query(
    `insert into public.employments (staff_id, company_id)
     select id, $1 from auth.users where email like 'bench-insights-staff-%'`,
    [companyId],
  );

  await db.query('set session_replication_role = replica');
  try {
    // Shift k is posted at an even spacing over the past 365 days and starts 2 hours to 7 days later.
    // 10% are never accepted; the rest after 1 minute to 16 hours, at the latest 2 hours into the shift.
    await db.query(
      `with staff as (select array_agg(e.staff_id order by e.staff_id) as ids from public.employments e
                      where e.company_id = $1),
       base as (
         select k, now() - interval '365 days' + (interval '365 days' / $2) * k as created,
                make_interval(mins => (120 + (k * 7919) % 10080)::int) as lead,
                (k * 104729) % 100 as roll
         from generate_series(0::bigint, $2 - 1) k
       ),
       timed as (
         select b.*, b.created + b.lead as starts,
                case when b.roll >= 10 then least(b.created + make_interval(mins => (1 + (b.k * 31) % 960)::int),
                                                  b.created + b.lead + interval '2 hours') end as accepted
         from base b
       )
       insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province, country,
                                  postal_code, notes, starts_at, ends_at, latitude, longitude, created_at,
                                  accepted_by, accepted_at, clocked_in_at, clocked_out_at, time_done)
       select $1, case when t.k % 3 = 0 then 'RPN' else 'PSW' end,
              (array['Personal care', 'Dementia care', 'Palliative care', 'Companionship'])[t.k % 4 + 1],
              (t.k % 900 + 1)::text, 'Bench Street', 'Toronto', 'ON', 'Canada', 'M5H 2N2', null,
              t.starts, t.starts + interval '8 hours', 43.65, -79.38, t.created,
              case when t.accepted is not null then s.ids[t.k % array_length(s.ids, 1) + 1] end,
              t.accepted,
              case when t.accepted is not null and t.starts < now()
                   then greatest(t.accepted, t.starts + make_interval(mins => ((t.k * 13) % 23 - 5)::int)) end,
              case when t.accepted is not null and t.starts + interval '8 hours' < now()
                   then t.starts + interval '8 hours' end,
              case when t.accepted is not null and t.starts + interval '8 hours' < now() then '8 hours' end
       from timed t cross join staff s`,
      [companyId, shifts],
    );
  } finally {
    await db.query('set session_replication_role = origin');
  }
  // Autovacuum would get there on its own; the overview's index-only scans need the visibility map.
  await db.query('vacuum analyze public.shifts');
  return companyId;
}

/** The local dates from a start to the first day that brings the completed shifts to `wanted`. */
async function csvPeriod(
  db: pg.Client,
  companyId: string,
  wanted: number,
): Promise<{ from: string; to: string; rows: number }> {
  const { rows } = await db.query<{ day: string; total: string }>(
    `select day::text, sum(n) over (order by day) as total
     from (select (starts_at at time zone 'America/Toronto')::date as day, count(*) as n
           from public.shifts where company_id = $1 and clocked_out_at is not null
           group by 1) d
     where day >= (now() at time zone 'America/Toronto')::date - 200
     order by day`,
    [companyId],
  );
  const first = rows[0];
  const last = rows.find((r) => Number(r.total) >= wanted) ?? rows[rows.length - 1];
  if (!first || !last) throw new Error('no completed shifts to export');
  return { from: first.day, to: last.day, rows: Number(last.total) };
}

export async function benchInsights(options: InsightsOptions = {}): Promise<Insights> {
  const shifts = options.shifts ?? 100_000;
  const staff = options.staff ?? 50;
  const csvShifts = options.csvShifts ?? 10_000;
  const overviewRequests = options.overviewRequests ?? 20;
  const csvRequests = options.csvRequests ?? 5;
  const log = options.log ?? (() => {});

  const db = new pg.Client({ connectionString: dbUrl(), application_name: 'bench-insights' });
  await db.connect();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await cleanup(db);
    log(`generating a company with ${staff} staff and ${shifts} shifts over a year …`);
    let t0 = performance.now();
    const companyId = await generate(db, shifts, staff);
    const generateMs = elapsed(t0);
    await waitForReplication(db, 120_000);
    log(`generated in ${(generateMs / 1000).toFixed(1)} s`);

    const now = Math.floor(Date.now() / 1000);
    const jwt = await signJwt({
      sub: companyId,
      role: 'authenticated',
      aud: 'authenticated',
      iat: now,
      exp: now + 3600,
    });
    const url = new URL(apiUrl);
    const rpc = (name: string, body: object): Promise<string> =>
      new Promise((resolve, reject) => {
        const payload = JSON.stringify(body);
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: `/rest/v1/rpc/${name}`,
            method: 'POST',
            agent,
            headers: {
              apikey: ANON_KEY,
              Authorization: `Bearer ${jwt}`,
              'Content-Type': 'application/json',
              'Content-Length': Buffer.byteLength(payload),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              if (res.statusCode !== 200) reject(new Error(`rpc ${name}: HTTP ${res.statusCode} ${text}`));
              else resolve(text);
            });
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    const timed = async (times: number, call: () => Promise<unknown>): Promise<number[]> => {
      const latencies: number[] = [];
      for (let i = 0; i < times; i++) {
        const t = performance.now();
        await call();
        latencies.push(performance.now() - t);
      }
      return latencies;
    };

    // The year that holds every generated shift: local midnights, as the dashboard sends them.
    const {
      rows: [year],
    } = await db.query<{ p_from: string; p_to: string }>(
      `select ((now() at time zone 'America/Toronto')::date - 365)::timestamp at time zone 'America/Toronto' as p_from,
              ((now() at time zone 'America/Toronto')::date + 1)::timestamp at time zone 'America/Toronto' as p_to`,
    );
    const yearBody = { p_from: year?.p_from, p_to: year?.p_to };
    const overviewBody = JSON.parse(await rpc('coverage_overview', yearBody)) as { posted: number };
    if (overviewBody.posted !== shifts) throw new Error(`overview counted ${overviewBody.posted} of ${shifts} shifts`);
    await timed(3, () => rpc('coverage_overview', yearBody));
    t0 = performance.now();
    const overviewMs = await timed(overviewRequests, () => rpc('coverage_overview', yearBody));
    const overview = summarise(overviewMs, performance.now() - t0);
    log(`overview: median ${overview.medianMs.toFixed(1)} ms`);

    const period = await csvPeriod(db, companyId, csvShifts);
    const csvBody = { p_from: period.from, p_to: period.to };
    const csv = JSON.parse(await rpc('timesheet_csv', csvBody)) as string;
    const csvRows = csv.split('\r\n').length - 2;
    if (!csv.startsWith('\ufeff') || csvRows !== period.rows) {
      throw new Error(`timesheet_csv returned ${csvRows} rows, expected ${period.rows}`);
    }
    await timed(1, () => rpc('timesheet_csv', csvBody));
    t0 = performance.now();
    const csvMs = await timed(csvRequests, () => rpc('timesheet_csv', csvBody));
    const csvSummary = summarise(csvMs, performance.now() - t0);
    const csvMaxMs = Math.max(...csvMs);
    log(`csv: ${csvRows} rows, median ${csvSummary.medianMs.toFixed(0)} ms`);

    t0 = performance.now();
    await cleanup(db);
    await db.query('analyze public.shifts');
    const cleanupMs = elapsed(t0);

    return {
      shifts,
      generateMs,
      cleanupMs,
      overview: {
        ...overview,
        targetMedianMs: TARGET_OVERVIEW_MEDIAN_MS,
        meetsTarget: overview.medianMs < TARGET_OVERVIEW_MEDIAN_MS,
        posted: overviewBody.posted,
      },
      csv: {
        ...csvSummary,
        targetMs: TARGET_CSV_MS,
        meetsTarget: csvMaxMs < TARGET_CSV_MS,
        maxMs: csvMaxMs,
        rows: csvRows,
        bytes: Buffer.byteLength(csv, 'utf8'),
        from: period.from,
        to: period.to,
      },
    };
  } finally {
    // Also after a failure: leave no bench rows behind.
    await cleanup(db).catch(() => {});
    agent.destroy();
    await db.end();
  }
}

// `node --import tsx bench/insights.ts` runs this benchmark alone against the running stack.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchInsights({ log: (line) => process.stdout.write(`  ${line}\n`) });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
