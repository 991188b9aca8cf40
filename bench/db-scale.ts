/**
 * The dashboard's two list queries at scale, through /rest/v1 as one company: its newest 100
 * shifts with status (shifts_with_status) and its staff list (company_staff); and the staff app's
 * home list (my_shift_board: the open shifts filtered by eligibility, then its own) as one of its
 * workers, its SQL time (direct calls as that worker, on one connection) beside its HTTP time
 * (issue 28).
 *
 * The gateway serves only database `postgres`, so the data is generated there as clearly marked
 * bench accounts (emails at @bench.carecover.local) and deleted afterwards:
 *   - 1,000 companies and 50,000 workers are inserted into auth.users, so the real sign-up trigger
 *     creates their rows; companies are made premium (the free plan allows only 10 shifts);
 *   - 50,000 employments (50 workers per company) are inserted directly;
 *   - 1,000,000 shifts (1,000 per company, every status) are bulk-loaded with
 *     `session_replication_role = replica`, which skips the posting triggers: the plan check, the
 *     notification fan-out (50 million notifications) and the history log. The rows themselves
 *     satisfy every constraint and foreign key. Cleanup runs in the same mode, so it deletes
 *     each table's rows explicitly (replica mode skips cascades too) and writes no history.
 * Before measuring it waits for the local Realtime service's replication slot to have consumed
 * the load, so the gateway is not decoding a million changes while being timed.
 */
import http from 'node:http';
import pg from 'pg';
import { ANON_KEY, apiUrl, dbUrl } from '../stack/src/config.ts';
import { signJwt } from '../stack/src/gateway/jwt.ts';
import { summarise, type Summary } from './stats.ts';
import { deleteBenchAccounts } from './bench-accounts.ts';
import { waitForReplication } from './replication.ts';

export const BENCH_DOMAIN = 'bench.carecover.local';
const TARGET_P95_MS = 15;
/** Open shifts of the coming days in the measured company, for its worker's home list. */
const HOME_OPEN_SHIFTS = 100;

export interface DbScaleOptions {
  companies?: number;
  staffPerCompany?: number;
  shiftsPerCompany?: number;
  /** Timed requests per query, after warm-up. */
  requests?: number;
  warmup?: number;
  log?: (line: string) => void;
}

export interface QueryResult extends Summary {
  path: string;
  rows: number;
  targetP95Ms: number;
  meetsTarget: boolean;
  /** From `EXPLAIN (format json)` run as the company: index names used, relations read by Seq Scan. */
  plan: { indexes: string[]; seqScans: string[] };
}

export interface DbScale {
  rows: { companies: number; staff: number; employments: number; shifts: number };
  generateMs: number;
  replicationCatchUpMs: number;
  cleanupMs: number;
  shiftList: QueryResult;
  staffList: QueryResult;
  /** The worker's home list through /rest/v1/rpc, with `sql`: the same call straight to Postgres. */
  homeList: QueryResult & { sql: Summary };
}

const elapsed = (t0: number): number => Math.round(performance.now() - t0);

/** Deletes every bench account and what hangs off it (also what an interrupted run left behind). */
const cleanup = (db: pg.Client): Promise<void> => deleteBenchAccounts(db, { emailLike: `%@${BENCH_DOMAIN}` });

async function generate(
  db: pg.Client,
  companies: number,
  staffPerCompany: number,
  shiftsPerCompany: number,
): Promise<{ companyIds: string[] }> {
  const staffCount = companies * staffPerCompany;
  const usersSql = (kind: string, count: number, meta: string) =>
    db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated',
              'authenticated', format('bench-${kind}-%s@${BENCH_DOMAIN}', lpad(i::text, 6, '0')), '',
              now(), '{"provider":"email","providers":["email"]}', ${meta}, now(), now()
       from generate_series(0, $1 - 1) i`,
      [count],
    );
  // The sign-up trigger creates the companies and staff rows.
  await usersSql('company', companies, `'{"account_type":"company"}'::jsonb`);
  await usersSql(
    'staff',
    staffCount,
    `jsonb_build_object('account_type', 'staff', 'first_name', 'Bench', 'last_name', 'Worker ' || i,
                        'phone', lpad((4165550000 + i)::text, 10, '0'))`,
  );

  const ids = async (kind: string) =>
    (
      await db.query<{ id: string }>(`select id from auth.users where email like $1 order by email`, [
        `bench-${kind}-%@${BENCH_DOMAIN}`,
      ])
    ).rows.map((r) => r.id);
  const companyIds = await ids('company');
  const staffIds = await ids('staff');

  await db.query(
    `update public.companies c
     set premium = true, company_name = 'Bench Agency ' || b.n, country = 'Canada', province = 'ON', city = 'Toronto'
     from unnest($1::uuid[]) with ordinality b(id, n) where c.id = b.id`,
    [companyIds],
  );
  // Worker n works for company n % companies, joined n minutes ago.
  await db.query(
    `insert into public.employments (staff_id, company_id, added_at)
     select s.id, ($2::uuid[])[(((s.n - 1) % $3) + 1)::int], now() - make_interval(mins => s.n::int)
     from unnest($1::uuid[]) with ordinality s(id, n)`,
    [staffIds, companyIds, companies],
  );

  // Shifts in batches of 100 companies, one transaction each, so no single transaction is huge.
  await db.query('set session_replication_role = replica');
  try {
    for (let first = 0; first < companies; first += 100) {
      await db.query(
        `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province,
                                    country, postal_code, notes, starts_at, ends_at, latitude, longitude,
                                    created_at, accepted_by, accepted_at, clocked_in_at, clocked_out_at, time_done)
         select c.id, case when k % 3 = 0 then 'PSW' else 'RPN' end, 'Personal care', (k % 900 + 1)::text,
                'Bench Street', 'Toronto', 'ON', 'Canada', 'M5H 2N2', null,
                t.created + interval '2 days', t.created + interval '2 days 8 hours', 43.65, -79.38, t.created,
                case when st.phase > 0 then ($2::uuid[])[(c.n + $3 * (k % $4))::int] end,
                case when st.phase > 0 then t.created + interval '1 hour' end,
                case when st.phase > 1 then t.created + interval '2 days' end,
                case when st.phase > 2 then t.created + interval '2 days 8 hours' end,
                case when st.phase > 2 then '8 hours' end
         from unnest($1::uuid[]) with ordinality c(id, n)
         cross join generate_series(0, $5 - 1) k
         cross join lateral (select now() - make_interval(mins => k * 500 + c.n::int) as created) t
         cross join lateral (select case when k % 10 = 0 then 0 when k % 10 = 1 then 1
                                         when k % 10 = 2 then 2 else 3 end as phase) st
         where c.n > $6 and c.n <= $6 + 100`,
        [companyIds, staffIds, companies, staffPerCompany, shiftsPerCompany, first],
      );
    }
    await generateQualifications(db, companyIds);
  } finally {
    await db.query('set session_replication_role = origin');
  }
  // Vacuumed as well as analyzed: autovacuum would otherwise take up the million new rows while the
  // lists are being timed.
  await db.query(
    `vacuum (analyze) auth.users, public.companies, public.staff, public.employments, public.shifts,
                      public.staff_credentials, public.staff_time_off, public.no_shows,
                      public.staff_type_requirements, public.staff_type_coverage`,
  );
  return { companyIds };
}

/**
 * What the eligibility rules read, at the scale of the rest, so the home list is measured against
 * full tables rather than empty ones (whose plans would be seq scans of nothing):
 *   - every agency requires a verified CPR/First aid for RPN shifts and lets RPNs cover PSW shifts;
 *   - every worker has a profile: two in three are PSWs, one in three RPNs, all skilled in personal care;
 *   - four in five hold a verified CPR/First aid (one in ten of those expired), and every worker an
 *     unverified driver's licence;
 *   - one in four has a weekly day off (Saturdays), one in ten a past week of holiday;
 *   - one in a hundred of the held shifts records its worker as a no-show.
 * The measured worker (the newest of the first agency) is a PSW with neither time off nor a
 * no-show, so the open part of its home list is the open shifts it may take.
 */
async function generateQualifications(db: pg.Client, companyIds: string[]): Promise<void> {
  await db.query(
    `insert into public.staff_type_requirements (company_id, staff_type, credential_type)
     select id, 'RPN', 'CPR/First aid' from unnest($1::uuid[]) id`,
    [companyIds],
  );
  await db.query(
    `insert into public.staff_type_coverage (company_id, staff_type, may_cover)
     select id, 'RPN', 'PSW' from unnest($1::uuid[]) id`,
    [companyIds],
  );
  await db.query(
    `with workers as (
       select e.staff_id, e.company_id, row_number() over (order by e.added_at desc) as n
       from public.employments e where e.company_id = any ($1::uuid[])
     ),
     profiled as (
       update public.employments e
       set staff_types = case when w.n % 3 = 0 then '{RPN}'::text[] else '{PSW}'::text[] end,
           skills = '{Personal care}'
       from workers w where e.staff_id = w.staff_id and e.company_id = w.company_id
       returning e.staff_id
     ),
     credentials as (
       insert into public.staff_credentials (company_id, staff_id, credential_type, expires_on, verified_at, verified_by)
       select w.company_id, w.staff_id, 'CPR/First aid',
              current_date + case when w.n % 10 = 7 then -30 else 365 end, now(), 'Bench'
       from workers w where w.n % 5 <> 0
       union all
       select w.company_id, w.staff_id, 'Driver''s licence', current_date + 700, null, null from workers w
       returning 1
     ),
     weekly as (
       insert into public.staff_time_off (staff_id, starts_at, ends_at, repeats_weekly, time_zone)
       select w.staff_id, t.saturday, t.saturday + interval '1 day', true, 'America/Toronto'
       from workers w
       cross join lateral (select (date_trunc('week', now() at time zone 'America/Toronto') - interval '2 days')
                                    at time zone 'America/Toronto' as saturday) t
       where w.n % 4 = 2
       returning 1
     )
     insert into public.staff_time_off (staff_id, starts_at, ends_at, time_zone)
     select w.staff_id, now() - interval '60 days', now() - interval '53 days', 'America/Toronto'
     from workers w where w.n % 10 = 5`,
    [companyIds],
  );
  await db.query(
    `insert into public.no_shows (shift_id, company_id, staff_id, shift_starts_at, automatic)
     select s.id, s.company_id, s.accepted_by, s.starts_at, true
     from public.shifts s
     where s.company_id = any ($1::uuid[]) and s.accepted_by is not null and s.clocked_in_at is null
       and s.street_number::int % 100 = 2`,
    [companyIds],
  );
}

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function walkPlan(node: PlanNode, into: { indexes: string[]; seqScans: string[] }): void {
  if (node['Index Name']) into.indexes.push(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) into.seqScans.push(node['Relation Name']);
  for (const child of node.Plans ?? []) walkPlan(child, into);
}

/** `sql` run `warmup` + `count` times as the user of `claims`, each call timed on the client. */
async function timeSqlAs(db: pg.Client, claims: object, sql: string, warmup: number, count: number): Promise<Summary> {
  await db.query('begin');
  try {
    await db.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify(claims),
    ]);
    for (let i = 0; i < warmup; i++) await db.query(sql);
    const latencies: number[] = [];
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const t = performance.now();
      await db.query(sql);
      latencies.push(performance.now() - t);
    }
    return summarise(latencies, performance.now() - started);
  } finally {
    await db.query('rollback');
  }
}

async function explainAs(
  db: pg.Client,
  claims: object,
  sql: string,
  role = 'authenticated',
): Promise<QueryResult['plan']> {
  await db.query('begin');
  try {
    await db.query(`select set_config('role', $2, true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify(claims),
      role,
    ]);
    const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${sql}`);
    const plan = { indexes: [] as string[], seqScans: [] as string[] };
    const root = rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (root) walkPlan(root, plan);
    return plan;
  } finally {
    await db.query('rollback');
  }
}

/** A PL/pgSQL function's source, as the database holds it. */
async function sourceOf(db: pg.Client, fn: string): Promise<string> {
  const source = (await db.query<{ prosrc: string }>('select prosrc from pg_proc where oid = $1::regprocedure', [fn]))
    .rows[0]?.prosrc;
  if (!source) throw new Error(`No function ${fn}`);
  return source;
}

/**
 * The last `return query` statement of a PL/pgSQL function (its only one, or the one that ends it),
 * as its source writes it.
 */
function lastReturnQuery(fn: string, source: string): string {
  // The greedy prefix skips to the last `return query`.
  const statement = source.match(/^[\s\S]*return query\s+([\s\S]*?);\s*end;\s*$/)?.[1];
  if (!statement) throw new Error(`${fn} no longer ends with a return query statement`);
  return statement;
}

async function lastReturnQueryOf(db: pg.Client, fn: string): Promise<string> {
  return lastReturnQuery(fn, await sourceOf(db, fn));
}

/** The expression a PL/pgSQL function assigns to one of its variables (`name := expression;`). */
function assignment(fn: string, source: string, variable: string): string {
  const expression = source.match(new RegExp(`\\b${variable}\\s*:=\\s*([\\s\\S]*?);\\s*\\n`))?.[1];
  if (!expression) throw new Error(`${fn} no longer assigns ${variable}`);
  return expression;
}

/**
 * The plan of private.eligibility_codes_by_shift's one statement for a worker over their agencies'
 * open shifts: the body after `return query`, prepared with its two arguments as parameters and
 * explained under a generic plan, as the function runs it.
 */
async function explainRulesFor(db: pg.Client, workerId: string): Promise<QueryResult['plan']> {
  const statement = await lastReturnQueryOf(db, 'private.eligibility_codes_by_shift(uuid, uuid[])');
  const openShifts = (
    await db.query<{ ids: string }>(
      `select array(select s.id from public.employments e join public.shifts s on s.company_id = e.company_id
                    where e.staff_id = $1 and s.accepted_at is null and s.ends_at > now())::text as ids`,
      [workerId],
    )
  ).rows[0]?.ids;
  await db.query('begin');
  try {
    await db.query(`set local plan_cache_mode = force_generic_plan`);
    await db.query(
      `prepare bench_rules (uuid, uuid[]) as ${statement.replace(/\bp_staff_id\b/g, '$1').replace(/\bp_shift_ids\b/g, '$2')}`,
    );
    const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      // The ids come from the database (uuids), so they are written in: EXECUTE's arguments under
      // EXPLAIN take neither parameters nor subqueries.
      `explain (format json) execute bench_rules('${workerId}', '${openShifts}'::uuid[])`,
    );
    const plan = { indexes: [] as string[], seqScans: [] as string[] };
    const root = rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (root) walkPlan(root, plan);
    return plan;
  } finally {
    await db.query('rollback');
    await db.query('deallocate bench_rules').catch(() => {});
  }
}

export async function benchDbScale(options: DbScaleOptions = {}): Promise<DbScale> {
  const companies = options.companies ?? 1_000;
  const staffPerCompany = options.staffPerCompany ?? 50;
  const shiftsPerCompany = options.shiftsPerCompany ?? 1_000;
  const requests = options.requests ?? 300;
  const warmup = options.warmup ?? 50;
  const log = options.log ?? (() => {});

  const db = new pg.Client({ connectionString: dbUrl(), application_name: 'bench-db-scale' });
  await db.connect();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    await cleanup(db);
    log(
      `generating ${companies} companies, ${companies * staffPerCompany} staff, ${companies * shiftsPerCompany} shifts …`,
    );
    let t0 = performance.now();
    const { companyIds } = await generate(db, companies, staffPerCompany, shiftsPerCompany);
    const generateMs = elapsed(t0);
    t0 = performance.now();
    await waitForReplication(db);
    const replicationCatchUpMs = elapsed(t0);
    log(
      `generated in ${(generateMs / 1000).toFixed(1)} s (realtime caught up in ${(replicationCatchUpMs / 1000).toFixed(1)} s)`,
    );

    const companyId = companyIds[0] as string;
    const now = Math.floor(Date.now() / 1000);
    const claimsOf = (sub: string) => ({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 });
    const claims = claimsOf(companyId);
    const jwt = await signJwt(claims);
    const url = new URL(apiUrl);

    const get = (path: string, bearer = jwt): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path,
            agent,
            headers: { apikey: ANON_KEY, Authorization: `Bearer ${bearer}`, 'Accept-Profile': 'public' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const body = Buffer.concat(chunks).toString('utf8');
              if (res.statusCode !== 200) reject(new Error(`GET ${path}: HTTP ${res.statusCode} ${body}`));
              else resolve((JSON.parse(body) as unknown[]).length);
            });
          },
        );
        req.on('error', reject);
        req.end();
      });

    const measure = async (
      path: string,
      explainSql: string,
      expectedRows: number,
      as: { claims: object; jwt: string } = { claims, jwt },
    ): Promise<QueryResult> => {
      let rows = 0;
      for (let i = 0; i < warmup; i++) rows = await get(path, as.jwt);
      if (rows !== expectedRows) throw new Error(`GET ${path} returned ${rows} rows, expected ${expectedRows}`);
      const latencies: number[] = [];
      const started = performance.now();
      for (let i = 0; i < requests; i++) {
        const t = performance.now();
        await get(path, as.jwt);
        latencies.push(performance.now() - t);
      }
      const summary = summarise(latencies, performance.now() - started);
      return {
        ...summary,
        path,
        rows,
        targetP95Ms: TARGET_P95_MS,
        meetsTarget: summary.p95Ms < TARGET_P95_MS,
        plan: await explainAs(db, as.claims, explainSql),
      };
    };

    const shiftList = await measure(
      `/rest/v1/shifts_with_status?select=*&company_id=eq.${companyId}&order=created_at.desc&limit=100`,
      `select * from public.shifts_with_status where company_id = '${companyId}' order by created_at desc limit 100`,
      Math.min(100, shiftsPerCompany),
    );
    log(`shift list: p95 ${shiftList.p95Ms.toFixed(2)} ms`);
    const staffList = await measure(
      `/rest/v1/company_staff?select=id,first_name,last_name,email,phone,on_shift,added_at&company_id=eq.${companyId}&order=added_at.desc`,
      `select id, first_name, last_name, email, phone, on_shift, added_at from public.company_staff
       where company_id = '${companyId}' order by added_at desc`,
      staffPerCompany,
    );
    log(`staff list: p95 ${staffList.p95Ms.toFixed(2)} ms`);

    // A worker of that company: the staff app's home list, as the worker's phone asks for it, with
    // the company's open shifts of the coming days (the generated ones are mostly long past).
    await db.query('set session_replication_role = replica');
    try {
      await db.query(
        `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province,
                                    country, postal_code, starts_at, ends_at, latitude, longitude)
         select $1, 'PSW', 'Personal care', (k + 1)::text, 'Bench Street', 'Toronto', 'ON', 'Canada', 'M5H 2N2',
                now() + make_interval(mins => 60 + k * 90), now() + make_interval(mins => 540 + k * 90), 43.65, -79.38
         from generate_series(0, $2 - 1) k`,
        [companyId, HOME_OPEN_SHIFTS],
      );
    } finally {
      await db.query('set session_replication_role = origin');
    }
    await db.query('analyze public.shifts');
    const workerId = (
      await db.query<{ staff_id: string }>(
        'select staff_id from public.employments where company_id = $1 order by added_at desc limit 1',
        [companyId],
      )
    ).rows[0]?.staff_id as string;
    const worker = { claims: claimsOf(workerId), jwt: await signJwt(claimsOf(workerId)) };
    const homeSql = 'select * from public.my_shift_board()';
    const homeRows = await db
      .query('begin')
      .then(() =>
        db.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify(worker.claims),
        ]),
      )
      .then(() => db.query(homeSql))
      .then((result) => result.rowCount ?? 0)
      .finally(() => db.query('rollback'));
    const homeHttp = await measure('/rest/v1/rpc/my_shift_board', homeSql, homeRows, worker);
    // The board is one PL/pgSQL Function Scan: the plans that show whether the 1M shifts are reached
    // through indexes are those of its parts. The open shifts: public.my_open_shifts, a security
    // definer whose body runs as its owner...
    // Its statement reads the shifts it asked eligibility about from a variable (`asked`), filled by
    // the statement before it: explained as one statement, with that one in its place.
    const openShifts = 'public.my_open_shifts(integer)';
    const openSource = await sourceOf(db, openShifts);
    const body = lastReturnQuery(openShifts, openSource)
      .replace(/\basked\b/g, `(${assignment(openShifts, openSource, 'asked')})`)
      .replace(/\bp_limit\b/g, '200');
    const openPlan = await explainAs(db, worker.claims, body, 'postgres');
    // ...which hands them to private.eligibility_codes_by_shift, another Function Scan: its one
    // statement is explained too, prepared as the function keeps it (a generic plan), over the same
    // shifts. Then the worker's own shifts, read as the worker (the board is security invoker).
    const rulesPlan = await explainRulesFor(db, workerId);
    const mine = (await lastReturnQueryOf(db, 'public.my_shift_board(integer)')).replace(/\bmax_rows\b/g, '200');
    const minePlan = await explainAs(db, worker.claims, mine);
    const homeList = {
      ...homeHttp,
      plan: {
        indexes: [...openPlan.indexes, ...rulesPlan.indexes, ...minePlan.indexes],
        seqScans: [...openPlan.seqScans, ...rulesPlan.seqScans, ...minePlan.seqScans],
      },
      sql: await timeSqlAs(db, worker.claims, homeSql, warmup, requests),
    };
    log(
      `home list (${homeRows} rows): SQL p95 ${homeList.sql.p95Ms.toFixed(2)} ms, HTTP p95 ${homeList.p95Ms.toFixed(2)} ms`,
    );

    return {
      rows: {
        companies,
        staff: companies * staffPerCompany,
        employments: companies * staffPerCompany,
        shifts: companies * shiftsPerCompany,
      },
      generateMs,
      replicationCatchUpMs,
      cleanupMs: await (async () => {
        const t = performance.now();
        await cleanup(db);
        // VACUUM FULL, not ANALYZE alone: a million deleted shifts leave the table's files at about
        // 2 GB until rewritten, and every later benchmark (the soak's realtime checks, any scan)
        // would pay for reading them.
        await db.query(
          `vacuum full analyze auth.users, public.companies, public.staff, public.employments, public.shifts,
                               public.staff_credentials, public.staff_time_off, public.no_shows,
                               public.staff_type_requirements, public.staff_type_coverage`,
        );
        // And the local Realtime service has decoded the million deletes: until it has, it holds a
        // core, and the benchmarks after this one would be timed against it.
        await waitForReplication(db);
        return elapsed(t);
      })(),
      shiftList,
      staffList,
      homeList,
    };
  } finally {
    // Also after a failure: leave no bench rows behind.
    await cleanup(db).catch(() => {});
    agent.destroy();
    await db.end();
  }
}
