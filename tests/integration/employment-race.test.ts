/**
 * A company removing a worker while that worker accepts one of its shifts. The two RPCs meet on the
 * employment row (remove_staff and leave_company lock it FOR UPDATE, accept_shift FOR SHARE), so
 * whichever commits second sees the first's outcome. Each order is forced deterministically: one
 * side runs in an open transaction on a direct connection, the other through the API and waits on
 * the lock until that transaction commits.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dbUrl } from '../../stack/src/config.ts';
import { companyCode, postShift, signUpCompany, signUpWorker, type Account } from './helpers.ts';

/** A transaction on a direct connection, as `userId` the way the gateway sets the role and claims. */
async function openAs(db: pg.Client, userId: string): Promise<void> {
  await db.query('begin');
  await db.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
    JSON.stringify({ sub: userId, role: 'authenticated' }),
  ]);
}

/** Resolves once another backend is blocked by `holder`'s transaction (the API call waits on its lock). */
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

describe('removing a worker while they accept a shift', () => {
  let db: pg.Client;
  let observer: pg.Client;
  let company: Account;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: dbUrl() });
    observer = new pg.Client({ connectionString: dbUrl() });
    await Promise.all([db.connect(), observer.connect()]);
    company = await signUpCompany('race-removal');
  });
  afterEach(async () => {
    await db.query('rollback'); // a no-op after a commit; ends a transaction a failed test left open
  });
  afterAll(async () => {
    await Promise.all([db.end(), observer.end()]);
  });

  const status = async (shiftId: string) =>
    (await company.client.from('shifts_with_status').select('status, accepted_by').eq('id', shiftId).single()).data;

  it('removal first: the waiting accept finds no employment and the shift stays Pending', async () => {
    const worker = await signUpWorker('race-removed', await companyCode(company));
    const shiftId = await postShift(company);
    await openAs(db, company.userId);
    await db.query('select public.remove_staff($1)', [worker.userId]);
    // supabase-js sends a request when it is awaited; `then` sends it now.
    const accept = worker.client.rpc('accept_shift', { shift_id: shiftId }).then((r) => r);
    await blockedBehind(observer, db);
    await db.query('commit');
    const { error } = await accept;
    expect(error?.message).toBe('Shift not found');
    expect(await status(shiftId)).toEqual({ status: 'Pending', accepted_by: null });
  });

  it('accept first: the waiting removal sees the accepted shift and puts it back to Pending', async () => {
    const worker = await signUpWorker('race-accepter', await companyCode(company));
    const shiftId = await postShift(company);
    await openAs(db, worker.userId);
    await db.query('select public.accept_shift($1)', [shiftId]);
    const removal = company.client.rpc('remove_staff', { staff_id: worker.userId }).then((r) => r);
    await blockedBehind(observer, db);
    await db.query('commit');
    expect((await removal).error).toBeNull();
    expect(await status(shiftId)).toEqual({ status: 'Pending', accepted_by: null });
    const { data: staff } = await company.client.from('company_staff').select('id').eq('id', worker.userId);
    expect(staff).toEqual([]);
  });

  it('leaving releases the worker’s accepted shifts that have not started, and a former worker cannot clock in', async () => {
    const worker = await signUpWorker('race-leaver', await companyCode(company));
    const shiftId = await postShift(company);
    expect((await worker.client.rpc('accept_shift', { shift_id: shiftId })).error).toBeNull();
    expect((await worker.client.rpc('leave_company', { company_id: company.userId })).error).toBeNull();
    expect(await status(shiftId)).toEqual({ status: 'Pending', accepted_by: null });

    // A shift still held by someone no longer employed (as rows written before these guards could be).
    const held = await postShift(company);
    await db.query('update public.shifts set accepted_by = $1, accepted_at = now() where id = $2', [
      worker.userId,
      held,
    ]);
    const { error } = await worker.client.rpc('clock_in', { shift_id: held });
    expect(error?.message).toBe('You no longer work for this company');
  });
});
