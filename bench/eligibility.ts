/**
 * Eligibility for one shift over an agency's 2,000 workers (issue 28: p95 < 20 ms), as the agency
 * asks it: `public.shift_eligibility(shift)` in SQL under the agency's role and JWT claims (what
 * PostgREST sets), and through /rest/v1/rpc with the agency's token, so the SQL time is reported
 * beside the HTTP time. The target is the SQL time: the rules' cost, not the gateway's. Through the
 * API one request answers its first 1,000 rows (api.max_rows, as on Supabase), having judged all
 * 2,000 workers: the function runs whole, the gateway sends a page.
 * The SQL calls are timed with the rows received as Postgres's text, and again with node-postgres
 * parsing them into JavaScript (reported beside, without a target): the target is the database's.
 *
 * The agency and its workers are generated as marked bench accounts (emails at
 * @eligibility.bench.carecover.local, through the sign-up trigger) and deleted afterwards. The
 * workers are a realistic mix, so every rule has work to do: most have a profile (staff types,
 * skills), nurses need a verified CPR credential and nursing licence (some expired before the
 * shift, some unverified), practical nurses may take the shift directly and nurses by the agency's
 * coverage, some have time off or a weekly repeat across the shift, some already hold an
 * overlapping shift or 40 hours that week, some have a low weekly maximum, and every tenth has
 * nothing recorded. The answer is checked against that mix before anything is timed.
 */
import pg from 'pg';
import { ANON_KEY, apiUrl, dbUrl } from '../stack/src/config.ts';
import { signJwt } from '../stack/src/gateway/jwt.ts';
import { deleteBenchAccounts } from './bench-accounts.ts';
import { timeInTurn, type Summary } from './stats.ts';

const DOMAIN = 'eligibility.bench.carecover.local';
export const ELIGIBILITY_TARGET_P95_MS = 20;
/** supabase/config.toml's api.max_rows: one request through the API answers at most this many rows. */
const MAX_ROWS = 1000;

export interface EligibilityBench {
  workers: number;
  eligible: number;
  /** Workers each reason stops (a worker may have several). */
  reasons: Record<string, number>;
  sql: Summary;
  /**
   * CPU time the database spent per SQL call (the backend's own user + system time over the timed
   * calls): what the answer costs whatever else the machine is doing. Null when the database's
   * /proc cannot be read (not on this machine).
   */
  sqlCpuMsPerCall: number | null;
  /** The same calls with node-postgres parsing every row into JavaScript (booleans, arrays). */
  sqlParsed: Summary;
  http: Summary;
}

/** The backend's CPU time so far (user + system), from its /proc stat, or null when unreadable. */
async function backendCpuMs(db: pg.Client): Promise<number | null> {
  try {
    const { rows } = await db.query<{ ticks: string }>(
      `select (f[12])::bigint + (f[13])::bigint as ticks
       from (select regexp_split_to_array(split_part(pg_read_file('/proc/self/stat'), ') ', 2), ' ') as f) x`,
    );
    // Linux reports these in clock ticks of 1/100 s (USER_HZ).
    return Number(rows[0]!.ticks) * 10;
  } catch {
    return null;
  }
}

/** Every column as the text Postgres sent: no parsing on the client's side. */
const AS_TEXT = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

const cleanup = (db: pg.Client): Promise<void> => deleteBenchAccounts(db, { emailLike: `%@${DOMAIN}` });

async function createUsers(db: pg.Client, kind: string, count: number, meta: string): Promise<void> {
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated',
            'authenticated', format('${kind}-%s@${DOMAIN}', lpad(i::text, 5, '0')), '', now(),
            '{"provider":"email","providers":["email"]}', ${meta}, now(), now()
     from generate_series(1, $1::int) i`,
    [count],
  );
}

export async function generateEligibilityAgency(
  db: pg.Client,
  workers: number,
): Promise<{ agencyId: string; shiftId: string }> {
  await createUsers(db, 'agency', 1, `'{"account_type":"company"}'::jsonb`);
  const { rows: agencyRows } = await db.query<{ id: string }>(
    `update public.companies set premium = true, company_name = 'Eligibility Bench', country = 'Canada',
            province = 'ON', city = 'Toronto', time_zone = 'America/Toronto'
     where email = $1 returning id`,
    [`agency-00001@${DOMAIN}`],
  );
  const agencyId = agencyRows[0]!.id;
  await createUsers(
    db,
    'worker',
    workers,
    `jsonb_build_object('account_type', 'staff', 'first_name', 'Bench', 'last_name', 'Worker ' || i)`,
  );
  // Worker n: every 10th has nothing recorded; the rest are nurses (n % 3 = 0), practical nurses
  // or personal support workers, most with the shift's skill; every 11th works at most 24 hours.
  await db.query(
    `insert into public.employments (staff_id, company_id, staff_types, skills, max_weekly_hours)
     select u.id, $2,
            case when w.n % 10 = 0 then '{}'
                 when w.n % 3 = 0 then array['Registered Nurse']
                 when w.n % 3 = 1 then array['Registered Practical Nurse']
                 else array['Personal Support Worker'] end,
            case when w.n % 10 = 0 then '{}'
                 when w.n % 7 = 0 then array['Personal care']
                 else array['Personal care', 'Medication administration'] end,
            case when w.n % 11 = 0 and w.n % 10 <> 0 then 24 end
     from auth.users u
     cross join lateral (select split_part(split_part(u.email, '@', 1), '-', 2)::int as n) w
     where u.email like $1`,
    [`worker-%@${DOMAIN}`, agencyId],
  );
  // The shift is for a practical nurse; the agency lets nurses cover it, and requires two credentials.
  await db.query(
    `insert into public.staff_type_requirements (company_id, staff_type, credential_type)
     values ($1, 'Registered Practical Nurse', 'CPR/First aid'), ($1, 'Registered Practical Nurse', 'Nursing licence')`,
    [agencyId],
  );
  await db.query(
    `insert into public.staff_type_coverage (company_id, staff_type, may_cover)
     values ($1, 'Registered Nurse', 'Registered Practical Nurse')`,
    [agencyId],
  );
  const start = `(date_trunc('day', now()) + interval '2 days 8 hours')`;
  // Credentials of nurses and practical nurses: most valid past the shift, every 5th expiring the
  // day before it, every 13th unverified.
  await db.query(
    `insert into public.staff_credentials (company_id, staff_id, credential_type, issued_on, expires_on,
                                           verified_at, verified_by)
     select $1, e.staff_id, t.type, current_date - 300,
            case when e.n % 5 = 0 then current_date + 1 else current_date + 200 end,
            case when e.n % 13 = 0 then null else now() end,
            case when e.n % 13 = 0 then null else 'Bench' end
     from (select staff_id, staff_types, row_number() over (order by staff_id) n
           from public.employments where company_id = $1) e
     cross join (values ('CPR/First aid'), ('Nursing licence')) t(type)
     where e.staff_types && array['Registered Nurse', 'Registered Practical Nurse']`,
    [agencyId],
  );
  // Time off across the shift for every 9th worker; a weekly repeat from two weeks ago for every 17th.
  await db.query(
    `insert into public.staff_time_off (staff_id, starts_at, ends_at, time_zone, repeats_weekly, note)
     select e.staff_id,
            case when e.n % 17 = 0 then ${start} - interval '14 days' else ${start} - interval '1 day' end,
            case when e.n % 17 = 0 then ${start} - interval '14 days' + interval '4 hours'
                 else ${start} + interval '1 day' end,
            'America/Toronto', e.n % 17 = 0, 'bench'
     from (select staff_id, row_number() over (order by staff_id) n from public.employments where company_id = $1) e
     where e.n % 9 = 0 or e.n % 17 = 0`,
    [agencyId],
  );
  // Shifts held, and the shift asked about, written as data: no fan-out, no double-booking check
  // (a worker holding both kinds below is booked twice, which costs the rules nothing extra).
  // Every 8th worker holds a shift overlapping it; every 6th holds four 10-hour shifts on other days
  // of its week in the agency's zone (40 hours: over Ontario's 44 with this 8-hour shift).
  await db.query('begin');
  try {
    await db.query("set local session_replication_role = 'replica'");
    await db.query(
      `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province, country,
                                  postal_code, starts_at, ends_at, accepted_by, accepted_at)
       select $1, 'Registered Nurse', 'Personal care', '1', 'Bench Street', 'Toronto', 'ON', 'Canada', 'M5H 2N2',
              h.starts_at, h.starts_at + h.length, e.staff_id, now()
       from (select staff_id, row_number() over (order by staff_id) n from public.employments where company_id = $1) e
       cross join lateral (
         select ${start} + interval '2 hours' as starts_at, interval '4 hours' as length where e.n % 8 = 0
         union all
         select * from (
           select (x.week + make_interval(days => d) + interval '10 hours') at time zone 'America/Toronto',
                  interval '10 hours'
           from (select date_trunc('week', ${start} at time zone 'America/Toronto') as week,
                        (${start} at time zone 'America/Toronto')::date as day) x
           cross join generate_series(0, 6) d
           where e.n % 6 = 0 and (x.week + make_interval(days => d))::date <> x.day
           order by d
           limit 4
         ) week
       ) h`,
      [agencyId],
    );
    const { rows } = await db.query<{ id: string }>(
      `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province, country,
                                  postal_code, starts_at, ends_at)
       values ($1, 'Registered Practical Nurse', 'Medication administration', '12', 'King St W', 'Toronto', 'ON',
               'Canada', 'M5H 1A1', ${start}, ${start} + interval '8 hours')
       returning id`,
      [agencyId],
    );
    await db.query('commit');
    // As autovacuum leaves tables an agency has had for a while: statistics, and a visibility map
    // that lets the index-only reads skip the table.
    await db.query(
      'vacuum analyze public.employments, public.shifts, public.staff_credentials, public.staff_time_off, public.staff',
    );
    return { agencyId, shiftId: rows[0]!.id };
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

/** Every rule stops someone in the generated mix, and some are eligible: otherwise the timing says little. */
function checkMix(rows: { eligible: boolean; reason_codes: string[] }[], workers: number): Record<string, number> {
  const reasons: Record<string, number> = {};
  for (const row of rows) for (const code of row.reason_codes) reasons[code] = (reasons[code] ?? 0) + 1;
  if (rows.length !== workers) throw new Error(`shift_eligibility answered ${rows.length} rows for ${workers} workers`);
  for (const code of ['overlapping_shift', 'time_off', 'staff_type', 'skill', 'credential', 'over_hours']) {
    if (!reasons[code]) throw new Error(`no worker of the generated agency is stopped by ${code}`);
  }
  if (!rows.some((r) => r.eligible)) throw new Error('no worker of the generated agency is eligible');
  return reasons;
}

export async function benchEligibility(
  options: { workers?: number; requests?: number; warmup?: number; log?: (line: string) => void } = {},
): Promise<EligibilityBench> {
  const workers = options.workers ?? 2_000;
  const requests = options.requests ?? 200;
  const warmup = options.warmup ?? 20;
  const log = options.log ?? (() => {});
  const db = new pg.Client({ connectionString: dbUrl(), application_name: 'bench-eligibility' });
  await db.connect();
  try {
    await cleanup(db);
    log(`generating an agency with ${workers.toLocaleString('en-US')} workers`);
    const { agencyId, shiftId } = await generateEligibilityAgency(db, workers);

    // As the agency: the role and claims PostgREST would set, for the whole session.
    const claims = JSON.stringify({ sub: agencyId, role: 'authenticated', aud: 'authenticated' });
    await db.query(`select set_config('request.jwt.claims', $1, false)`, [claims]);
    await db.query('set role authenticated');
    const ELIGIBILITY_SQL = 'select eligible, reason_codes from public.shift_eligibility($1)';
    const ask = () => db.query<{ eligible: boolean; reason_codes: string[] }>(ELIGIBILITY_SQL, [shiftId]);
    // Timed as the database answers it: every row and column sent and received, as text. Parsing
    // 2,000 text[] into JavaScript arrays is the client's work (about 4 ms in node-postgres), not the
    // rules': it is timed apart (sqlParsed), and PostgREST never does it (Postgres writes its JSON).
    const askAsText = () => db.query({ text: ELIGIBILITY_SQL, values: [shiftId], types: AS_TEXT });
    const { rows } = await ask();
    const reasons = checkMix(rows, workers);
    for (let i = 0; i < warmup; i++) await askAsText();
    await db.query('reset role');
    const cpuBefore = await backendCpuMs(db);
    await db.query('set role authenticated');
    const sql = await timeInTurn(requests, async () => {
      const answer = await askAsText();
      if (answer.rowCount !== workers) throw new Error(`shift_eligibility answered ${answer.rowCount} rows`);
    });
    await db.query('reset role');
    const cpuAfter = await backendCpuMs(db);
    await db.query('set role authenticated');
    const sqlParsed = await timeInTurn(requests, async () => void (await ask()));
    await db.query('reset role');
    const sqlCpuMsPerCall = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / requests;
    log(
      `SQL: median ${sql.medianMs.toFixed(1)} ms, p95 ${sql.p95Ms.toFixed(1)} ms` +
        (sqlCpuMsPerCall === null ? '' : `, database CPU ${sqlCpuMsPerCall.toFixed(1)} ms a call`),
    );

    const token = await signJwt({
      sub: agencyId,
      role: 'authenticated',
      aud: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    const call = async (): Promise<void> => {
      const res = await fetch(`${apiUrl}/rest/v1/rpc/shift_eligibility`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ p_shift_id: shiftId }),
      });
      if (!res.ok) throw new Error(`shift_eligibility answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as unknown[];
      if (body.length !== Math.min(workers, MAX_ROWS)) {
        throw new Error(`shift_eligibility answered ${body.length} rows over HTTP`);
      }
    };
    for (let i = 0; i < warmup; i++) await call();
    const http = await timeInTurn(requests, call);
    log(`HTTP: median ${http.medianMs.toFixed(1)} ms, p95 ${http.p95Ms.toFixed(1)} ms`);
    return {
      workers: rows.length,
      eligible: rows.filter((r) => r.eligible).length,
      reasons,
      sql,
      sqlCpuMsPerCall,
      sqlParsed,
      http,
    };
  } finally {
    await db.query('reset role').catch(() => {});
    await cleanup(db);
    await db.end();
  }
}
