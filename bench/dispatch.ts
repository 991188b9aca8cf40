/**
 * Dispatch waves (docs/dispatch.md):
 *
 * - One tick of the schedule (private.dispatch_tick, what pg_cron runs every minute) over 50,000
 *   open best-matches shifts of 100 agencies (10 workers each): 100 of them have wave 2 due (a post
 *   a minute at every agency, each reaching its delay in the same minute: 1,000 workers notified,
 *   100 pushes queued) and 100 reached their start unfilled; the other 49,800 must cost nothing.
 *   Each sample is a fresh connection, as each pg_cron run is a fresh background worker, and is
 *   rolled back, so every sample sees the same state and nothing is pushed. The ticks run at a time
 *   a day ahead (p_now), so the real schedule, ticking meanwhile, never takes these shifts.
 *   Target: < 500 ms.
 * - A post reaching its first wave's devices with 1,000 workers: the agency's insert through the
 *   API (the database picks and notifies the wave) and the dashboard's sendnotification call, timed
 *   from the insert until the push sink has recorded every wave-1 device: everyone mode (all 1,000)
 *   and best matches first (ranking 1,000, pushing 5). Target: < 1 s.
 *
 * Everything is made by the superuser (agencies and workers as auth.users rows, through the
 * sign-up trigger; the 50,000 shifts inserted with triggers off and their dispatch state written
 * directly) and deleted afterwards.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { ANON_KEY, apiUrl, dbUrl, SERVICE_ROLE_KEY } from '../stack/src/config.ts';
import { recordedPushes } from '../tests/support/pushes.ts';
import { clientOptions } from '../tests/support/clients.ts';
import { percentile } from './stats.ts';

const AGENCIES = 100;
const WORKERS_PER_AGENCY = 10;
const OPEN_SHIFTS = 50_000;
const DUE = 100;
const STARTED = 100;
const TICK_SAMPLES = 5;
const POST_WORKERS = 1000;
const TIMEOUT_MS = 30_000;

export interface TickResult {
  openShifts: number;
  due: number;
  started: number;
  notified: number;
  medianMs: number;
  samplesMs: number[];
  /** A tick with nothing due over the same 50,000 open shifts: what the schedule costs each quiet minute. */
  quietMedianMs: number;
}

export interface PostResult {
  workers: number;
  everyone: { notified: number; ms: number };
  best: { notified: number; ms: number };
}

/** Agencies (premium) created through the sign-up trigger, as `bench-<run>-a<i>@…`; answers their ids and codes. */
async function createAgencies(db: pg.Client, run: string, count: number): Promise<{ id: string; code: string }[]> {
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            format('bench-%s-a%s@bench.carecover.local', $1::text, i), '', now(),
            '{"provider": "email", "providers": ["email"]}', '{"account_type": "company"}', now(), now()
     from generate_series(1, $2::int) i`,
    [run, count],
  );
  const { rows } = await db.query<{ id: string; code: string }>(
    `update public.companies c set premium = true
     from auth.users u where u.id = c.id and u.email like $1
     returning c.id, c.company_code as code`,
    [`bench-${run}-a%@bench.carecover.local`],
  );
  return rows;
}

/** `perAgency` workers joined to each agency with its code, each with an Expo token containing `run`. */
async function createWorkers(
  db: pg.Client,
  run: string,
  agencies: { code: string }[],
  perAgency: number,
): Promise<void> {
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            format('bench-%s-w%s-%s@bench.carecover.local', $1::text, a.n, i), '', now(),
            '{"provider": "email", "providers": ["email"]}',
            jsonb_build_object('account_type', 'staff', 'first_name', 'Bench', 'last_name', i::text,
                               'company_code', a.code),
            now(), now()
     from unnest($2::text[]) with ordinality as a (code, n), generate_series(1, $3::int) i`,
    [run, agencies.map((a) => a.code), perAgency],
  );
  await db.query(
    `update public.staff set push_token = format('ExponentPushToken[%s]', split_part(email, '@', 1))
     where email like $1`,
    [`bench-${run}-w%@bench.carecover.local`],
  );
}

async function cleanUp(db: pg.Client, run: string): Promise<void> {
  // Shifts go with their agencies (on delete cascade); the workers with their users.
  await db.query('delete from auth.users where email like $1', [`bench-${run}-%@bench.carecover.local`]);
}

export async function benchDispatchTick(): Promise<TickResult> {
  const run = randomUUID().slice(0, 8);
  const db = new pg.Client({ connectionString: dbUrl() });
  await db.connect();
  try {
    const agencies = await createAgencies(db, run, AGENCIES);
    await createWorkers(db, run, agencies, WORKERS_PER_AGENCY);
    // The shifts as posts in best-matches mode leave them, without replaying 50,000 first waves:
    // triggers off for the bulk insert, the dispatch state written as the post's trigger would.
    // Ticks run at `at` = a day ahead: DUE shifts have wave 2 due by then, STARTED begin before it.
    await db.query('begin');
    await db.query("set local session_replication_role = 'replica'");
    await db.query(
      `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province, country,
                                  postal_code, starts_at, ends_at, latitude, longitude, created_at, dispatch_mode,
                                  next_wave, next_wave_at)
       select a.id, 'Personal Support Worker', 'Personal care', (100 + g % 900)::text, 'Queen St W', 'Toronto', 'ON',
              'Canada', 'M5H 2N2', s.starts_at, s.starts_at + interval '8 hours', 43.65, -79.38, now(), 'best_matches',
              2, case when g <= $2 then now() + interval '1 day' - interval '5 minutes'
                      else now() + interval '2 days' + (g % 1000) * interval '1 minute' end
       from generate_series(1, $1::int) g
       cross join lateral (select ($5::uuid[])[1 + g % $4] as id) a
       cross join lateral (
         select case when g > $2 and g <= $2 + $3 then now() + interval '1 day' - interval '30 minutes'
                     else now() + interval '3 days' + (g % 27) * interval '1 day' end as starts_at
       ) s`,
      [OPEN_SHIFTS, DUE, STARTED, agencies.length, agencies.map((a) => a.id)],
    );
    await db.query('commit');
    await db.query('analyze public.shifts');

    const median = (values: number[]): number =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    const quietMs: number[] = [];
    for (let i = 0; i < TICK_SAMPLES; i++) {
      const tick = new pg.Client({ connectionString: dbUrl() });
      await tick.connect();
      try {
        await tick.query('begin');
        const started = performance.now();
        // Now: nothing of the bench is due or started yet.
        await tick.query('select * from private.dispatch_tick(now())');
        quietMs.push(performance.now() - started);
        await tick.query('rollback');
      } finally {
        await tick.end();
      }
    }
    const samplesMs: number[] = [];
    let notified = 0;
    for (let i = 0; i < TICK_SAMPLES; i++) {
      const tick = new pg.Client({ connectionString: dbUrl() });
      await tick.connect();
      try {
        await tick.query('begin');
        const started = performance.now();
        const { rows } = await tick.query<{ unfilled: number; waves: number; notified: number }>(
          "select * from private.dispatch_tick(now() + interval '1 day')",
        );
        samplesMs.push(performance.now() - started);
        const result = rows[0];
        if (!result || result.waves < DUE || result.unfilled < STARTED) {
          throw new Error(`The tick did less than planned: ${JSON.stringify(result)}`);
        }
        notified = result.notified;
        await tick.query('rollback');
      } finally {
        await tick.end();
      }
    }
    return {
      openShifts: OPEN_SHIFTS,
      due: DUE,
      started: STARTED,
      notified,
      medianMs: median(samplesMs),
      samplesMs,
      quietMedianMs: median(quietMs),
    };
  } finally {
    await db.query('rollback').catch(() => undefined);
    await cleanUp(db, run);
    await db.end();
  }
}

/** How many of these devices the push sink has recorded. */
async function recorded(tokens: ReadonlySet<string>, since: string): Promise<number> {
  return (await recordedPushes(since)).filter((p) => tokens.has(p.to)).length;
}

export async function benchPostToFirstWave(): Promise<PostResult> {
  const run = randomUUID().slice(0, 8);
  const admin = createClient(apiUrl, SERVICE_ROLE_KEY, clientOptions);
  const db = new pg.Client({ connectionString: dbUrl() });
  await db.connect();
  let companyId: string | null = null;
  try {
    const email = `bench-${run}-poster@bench.carecover.local`;
    const password = `Bench!${run}`;
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error) throw created.error;
    companyId = created.data.user.id;
    const { rows } = await db.query<{ code: string }>(
      'update public.companies set premium = true where id = $1 returning company_code as code',
      [companyId],
    );
    const code = rows[0]?.code;
    if (!code) throw new Error('The sign-up trigger created no company row');
    await createWorkers(db, run, [{ code }], POST_WORKERS);
    const client = createClient(apiUrl, ANON_KEY, clientOptions);
    const session = await client.auth.signInWithPassword({ email, password });
    if (session.error) throw session.error;

    let day = 2;
    const post = async (mode: 'everyone' | 'best_matches'): Promise<{ notified: number; ms: number }> => {
      // Devices of this post only: the sink keeps every push, and each post pushes to the same workers.
      await db.query(
        `update public.staff set push_token = format('ExponentPushToken[%s-p%s]', split_part(email, '@', 1), $2::int)
         where email like $1`,
        [`bench-${run}-w%@bench.carecover.local`, day],
      );
      const start = new Date(Date.now() + day++ * 86_400_000);
      const since = new Date().toISOString();
      const started = performance.now();
      const { data, error } = await client
        .from('shifts')
        .insert({
          staff_type: 'Personal Support Worker',
          skill: 'Personal care',
          street_number: '100',
          street_name: 'Queen St W',
          city: 'Toronto',
          province: 'ON',
          country: 'Canada',
          postal_code: 'M5H 2N2',
          starts_at: start.toISOString(),
          ends_at: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
          latitude: 43.65,
          longitude: -79.38,
          dispatch_mode: mode,
        })
        .select('id')
        .single();
      if (error) throw error;
      const shiftId = (data as { id: string }).id;
      const answer = await client.functions.invoke<{ sent: number }>('sendnotification', {
        body: { companyID: companyId, shiftID: shiftId },
      });
      if (answer.error) throw answer.error;
      const wave = await db.query<{ token: string }>(
        `select s.push_token as token from public.shift_wave_recipients r join public.staff s on s.id = r.staff_id
         where r.shift_id = $1 and r.wave = 1`,
        [shiftId],
      );
      const tokens = new Set(wave.rows.map((r) => r.token));
      while ((await recorded(tokens, since)) < tokens.size) {
        if (performance.now() - started > TIMEOUT_MS) throw new Error(`Wave 1 of a ${mode} post was not all pushed`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return { notified: tokens.size, ms: performance.now() - started };
    };
    // Warm-up (not timed): the function's process, the plans, the first Auth and REST round trips.
    await post('everyone');
    const everyone = await post('everyone');
    const best = await post('best_matches');
    return { workers: POST_WORKERS, everyone, best };
  } finally {
    await cleanUp(db, run);
    if (companyId) await db.query('delete from auth.users where id = $1', [companyId]);
    await db.end();
  }
}
