/**
 * Dispatch through supabase-js against the local stack: a post in each mode (who the database
 * notified, what sendnotification pushes, who sees the shift), the agency's default, and waves that
 * escalate on the real pg_cron schedule, pushed by the database through pg_net to sendnotification.
 * The escalation test shortens the delay (the shift's next_wave_at) and then waits for the next
 * minute's tick: pg_cron schedules to the minute.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superuser } from '../support/clients.ts';
import { recordedPushes } from '../support/pushes.ts';
import { companyCode, pgNetStatus, signUpCompany, signUpWorker, shiftInput, type Account } from './helpers.ts';

interface RecordedPush {
  to: string;
  body?: string;
  data?: { companyId?: string; shiftId?: string };
  status: string;
}

async function pushesTo(tokens: readonly string[]): Promise<RecordedPush[]> {
  return (await recordedPushes<RecordedPush>()).filter((p) => tokens.includes(p.to));
}

let db: pg.Client;
const run = randomUUID().slice(0, 8);

beforeAll(async () => {
  db = await superuser();
});

afterAll(async () => {
  await db.end();
});

interface Agency {
  company: Account;
  workers: Account[];
  tokens: string[];
}

/** An agency on Premium with `count` workers, each with a device (an Expo token) registered. */
async function agency(label: string, count: number): Promise<Agency> {
  const company = await signUpCompany(`${label}-agency`);
  await db.query('update public.companies set premium = true where id = $1', [company.userId]);
  const code = await companyCode(company);
  const workers = await Promise.all(Array.from({ length: count }, (_, i) => signUpWorker(`${label}-w${i}`, code)));
  const tokens = workers.map((_, i) => `ExponentPushToken[dispatch-${run}-${label}-${i}]`);
  await Promise.all(
    workers.map(async (w, i) => {
      const { error } = await w.client.from('staff').update({ push_token: tokens[i] }).eq('id', w.userId);
      if (error) throw error;
    }),
  );
  return { company, workers, tokens };
}

async function post(a: Agency, mode: 'everyone' | 'best_matches'): Promise<string> {
  const { data, error } = await a.company.client
    .from('shifts')
    .insert(shiftInput({ dispatch_mode: mode }))
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

async function recipients(a: Agency, shiftId: string, wave: number): Promise<string[]> {
  const { data, error } = await a.company.client
    .from('shift_wave_recipients')
    .select('staff_id')
    .eq('shift_id', shiftId)
    .eq('wave', wave);
  if (error) throw error;
  return data.map((r) => r.staff_id).sort();
}

async function offered(worker: Account, shiftId: string): Promise<boolean> {
  const { data, error } = await worker.client.rpc('my_open_shifts', { p_limit: 500 }).select('id');
  if (error) throw error;
  return data.some((s) => s.id === shiftId);
}

/** The dashboard's call after posting. */
async function pushFirstWave(a: Agency, shiftId: string): Promise<{ sent: number }> {
  const { data, error } = await a.company.client.functions.invoke<{ sent: number }>('sendnotification', {
    body: { companyID: a.company.userId, shiftID: shiftId },
  });
  if (error) throw error;
  return data!;
}

describe('dispatch', () => {
  it('everyone: every eligible worker is notified and pushed at once, nobody on time off', async () => {
    const a = await agency('all', 3);
    const away = a.workers[2]!;
    const start = new Date(Date.parse(shiftInput().starts_at) - 3600_000).toISOString();
    const { error } = await away.client
      .from('staff_time_off')
      .insert({ starts_at: start, ends_at: new Date(Date.parse(start) + 48 * 3600_000).toISOString() });
    expect(error).toBeNull();

    const shiftId = await post(a, 'everyone');
    const expected = [a.workers[0]!.userId, a.workers[1]!.userId].sort();
    expect(await recipients(a, shiftId, 1)).toEqual(expected);
    const { data: waves } = await a.company.client
      .from('shift_waves')
      .select('wave, mode, notified')
      .eq('shift_id', shiftId);
    expect(waves).toEqual([{ wave: 1, mode: 'everyone', notified: 2 }]);

    expect((await pushFirstWave(a, shiftId)).sent).toBe(2);
    const pushes = await pushesTo(a.tokens);
    expect(pushes.map((p) => p.to).sort()).toEqual([a.tokens[0], a.tokens[1]].sort());
    expect(pushes[0]).toMatchObject({
      body: 'Your employer just posted a new shift. View in home page',
      data: { companyId: a.company.userId, shiftId },
      status: 'ok',
    });
    expect(await offered(a.workers[1]!, shiftId)).toBe(true);
    expect(await offered(away, shiftId)).toBe(false);
  });

  it('the agency saves its default mode, which the next Shift Call starts from', async () => {
    const a = await agency('default', 0);
    const update = await a.company.client
      .from('companies')
      .update({ dispatch_mode: 'best_matches' })
      .eq('id', a.company.userId);
    expect(update.error).toBeNull();
    const { data } = await a.company.client.from('companies').select('dispatch_mode').single();
    expect(data?.dispatch_mode).toBe('best_matches');
  });

  it(
    'best matches first: wave 1 reaches five, and wave 2 follows on the cron schedule, pushed by the database',
    { timeout: 120_000 },
    async () => {
      const a = await agency('best', 7);
      const shiftId = await post(a, 'best_matches');
      const first = await recipients(a, shiftId, 1);
      expect(first).toHaveLength(5);
      const rest = a.workers.filter((w) => !first.includes(w.userId));
      expect(rest).toHaveLength(2);

      expect((await pushFirstWave(a, shiftId)).sent).toBe(5);
      const firstTokens = a.tokens.filter((_, i) => first.includes(a.workers[i]!.userId));
      const restTokens = a.tokens.filter((t) => !firstTokens.includes(t));
      expect((await pushesTo(a.tokens)).map((p) => p.to).sort()).toEqual([...firstTokens].sort());
      // The others neither see nor may take the shift yet.
      expect(await offered(rest[0]!, shiftId)).toBe(false);
      const early = await rest[0]!.client.rpc('accept_shift', { shift_id: shiftId });
      expect(early.error?.message).toBe('Shift not found');

      // Shorten the delay: wave 2 is due now, and the next tick of the real schedule sends it.
      const { rows } = await db.query<{ due: Date }>(
        `update public.shifts set next_wave_at = now() where id = $1 returning next_wave_at as due`,
        [shiftId],
      );
      const dueAt = rows[0]!.due;
      await expect
        .poll(async () => recipients(a, shiftId, 2), { timeout: 90_000, interval: 1000 })
        .toEqual(rest.map((w) => w.userId).sort());

      const tick = await db.query<{ status: string; start_time: Date }>(
        `select d.status, d.start_time from cron.job_run_details d join cron.job j on j.jobid = d.jobid
         where j.jobname = 'dispatch-tick' and d.start_time >= $1 order by d.start_time limit 1`,
        [dueAt],
      );
      expect(tick.rows[0]?.status, 'wave 2 was sent by a run of the dispatch-tick cron job').toBe('succeeded');

      // The database called sendnotification through pg_net; the stack performed the request.
      const wave = await db.query<{ request: string }>(
        'select push_request_id::text as request from public.shift_waves where shift_id = $1 and wave = 2',
        [shiftId],
      );
      const request = wave.rows[0]?.request;
      expect(request).toBeDefined();
      expect(await pgNetStatus(db, request!)).toBe(200);
      await expect
        .poll(async () => (await pushesTo(restTokens)).map((p) => p.to).sort())
        .toEqual([...restTokens].sort());
      const later = await pushesTo(restTokens);
      expect(later[0]).toMatchObject({
        body: 'Your employer still needs someone for a shift. View in home page',
        data: { companyId: a.company.userId, shiftId },
      });
      // Wave 1's devices were not pushed again.
      expect((await pushesTo(firstTokens)).length).toBe(firstTokens.length);
      expect(await offered(rest[0]!, shiftId)).toBe(true);

      const { data: steps } = await a.company.client.rpc('shift_timeline', { p_shift_id: shiftId });
      expect((steps ?? []).filter((s) => s.kind === 'notified').map((s) => s.detail?.split(':')[0])).toEqual([
        'Wave 1, best matches',
        'Wave 2, every other eligible staff member',
      ]);
    },
  );
});
