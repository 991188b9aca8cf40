/**
 * The overlap rule under concurrency (issue 28): a worker of two agencies accepting two overlapping
 * shifts at the same moment ends up holding exactly one. accept_shift takes a per-worker lock, so
 * the second accept waits for the first and then sees it. Forced in both orders (an open
 * transaction on a direct connection, the other accept through the API waiting behind it), then
 * fired together many times through the API. Time off and each reason alone are in pgTAP
 * (supabase/tests/database/23-worker-time-rules.test.sql).
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dbUrl } from '../../stack/src/config.ts';
import { companyCode, postShift, signUpCompany, signUpWorker, type Account } from './helpers.ts';

const OVERLAP = 'You already have another shift at this time';

async function openAs(db: pg.Client, userId: string): Promise<void> {
  await db.query('begin');
  await db.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
    JSON.stringify({ sub: userId, role: 'authenticated' }),
  ]);
}

async function blockedBehind(observer: pg.Client, holder: pg.Client): Promise<void> {
  const { rows } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
  for (let i = 0; i < 400; i++) {
    const { rows: waiting } = await observer.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
      [rows[0]?.pid],
    );
    if ((waiting[0]?.n ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the API call never waited behind the open transaction');
}

/** Two shifts of two agencies, the second starting an hour into the first. */
function overlappingHours(daysAhead: number) {
  const start = new Date(Date.now() + daysAhead * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const hour = 3_600_000;
  return {
    first: { starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 8 * hour).toISOString() },
    second: {
      starts_at: new Date(start.getTime() + hour).toISOString(),
      ends_at: new Date(start.getTime() + 9 * hour).toISOString(),
    },
  };
}

describe('a worker of two agencies accepting overlapping shifts at once', () => {
  let db: pg.Client;
  let observer: pg.Client;
  let north: Account;
  let south: Account;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: dbUrl() });
    observer = new pg.Client({ connectionString: dbUrl() });
    await Promise.all([db.connect(), observer.connect()]);
    [north, south] = await Promise.all([signUpCompany('overlap-north'), signUpCompany('overlap-south')]);
    await db.query('update public.companies set premium = true where id = any($1)', [[north.userId, south.userId]]);
  });
  afterEach(async () => {
    await db.query('rollback');
  });
  afterAll(async () => {
    await Promise.all([db.end(), observer.end()]);
  });

  async function workerOfBoth(name: string): Promise<Account> {
    const worker = await signUpWorker(name, await companyCode(north));
    const { error } = await worker.client.rpc('join_company', { code: await companyCode(south) });
    if (error) throw error;
    return worker;
  }

  const holders = async (ids: string[]) => {
    const { rows } = await db.query<{ accepted_by: string | null }>(
      'select accepted_by from public.shifts where id = any($1) order by starts_at',
      [ids],
    );
    return rows.map((row) => row.accepted_by);
  };

  it('forced: the accept that waits sees the one before it and is refused, whichever agency comes first', async () => {
    for (const [firstAgency, secondAgency] of [
      [north, south],
      [south, north],
    ] as const) {
      const worker = await workerOfBoth('overlap-forced');
      const hours = overlappingHours(3);
      const first = await postShift(firstAgency, hours.first);
      const second = await postShift(secondAgency, hours.second);
      await openAs(db, worker.userId);
      await db.query('select public.accept_shift($1)', [first]);
      const waiting = worker.client.rpc('accept_shift', { shift_id: second }).then((r) => r);
      await blockedBehind(observer, db);
      await db.query('commit');
      const { error } = await waiting;
      expect(error?.message).toBe(OVERLAP);
      expect(error?.hint).toBe('overlapping_shift');
      expect(await holders([first, second])).toEqual([worker.userId, null]);
    }
  });

  it('fired together through the API, 20 times: one holding each time, the other refused with the reason', async () => {
    for (let round = 0; round < 20; round++) {
      const worker = await workerOfBoth('overlap-burst');
      const hours = overlappingHours(5 + round);
      const ids = await Promise.all([postShift(north, hours.first), postShift(south, hours.second)]);
      const results = await Promise.all(ids.map((id) => worker.client.rpc('accept_shift', { shift_id: id })));
      const refused = results.filter((r) => r.error);
      expect(refused.map((r) => r.error?.message)).toEqual([OVERLAP]);
      expect((await holders(ids)).filter((holder) => holder === worker.userId)).toHaveLength(1);
    }
  });

  it('tells the worker, before they try, which shift they can no longer take and why', async () => {
    const worker = await workerOfBoth('overlap-ask');
    const hours = overlappingHours(30);
    const first = await postShift(north, hours.first);
    const second = await postShift(south, hours.second);
    expect((await worker.client.rpc('accept_shift', { shift_id: first })).error).toBeNull();
    const { data, error } = await worker.client.rpc('eligibility', { p_shift_id: second });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        eligible: false,
        reason_codes: ['overlapping_shift'],
        reasons: ['Already has another shift at this time'],
        flags: [],
      },
    ]);
    // The other agency learns the same, and nothing about the first agency's shift.
    const asked = await south.client.rpc('eligibility', { p_shift_id: second, p_staff_id: worker.userId });
    expect(JSON.stringify(asked.data)).not.toContain(first);
    expect(asked.data?.[0]?.reason_codes).toEqual(['overlapping_shift']);
  });
});
