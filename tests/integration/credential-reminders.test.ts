/**
 * Credential expiry reminders through the local stack (issue 28, part 1): an agency records and
 * verifies a worker's credential, the reminder tick (run here with an explicit clock, as pg_cron
 * runs it every hour) tells the worker in the staff app and pushes their device through
 * sendnotification, called by the database with pg_net; a second tick sends nothing. Thresholds,
 * zones, idempotency and every role are in pgTAP (supabase/tests/database/32-staff-pushes.test.sql).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superuser } from '../support/clients.ts';
import { recordedPushes } from '../support/pushes.ts';
import { companyCode, pgNetStatus, signUpCompany, signUpWorker } from './helpers.ts';

interface RecordedPush {
  to: string;
  title?: string;
  body?: string;
  data?: { companyId?: string; kind?: string };
  status: string;
}

async function pushesTo(token: string): Promise<RecordedPush[]> {
  return (await recordedPushes<RecordedPush>()).filter((p) => p.to === token);
}

describe('credential expiry reminders', () => {
  let db: pg.Client;

  beforeAll(async () => {
    db = await superuser();
  });
  afterAll(async () => {
    await db.end();
  });

  it('remind the worker in the staff app and on their device, once', { timeout: 60_000 }, async () => {
    const agency = await signUpCompany('reminder-agency');
    const worker = await signUpWorker('reminder-worker', await companyCode(agency));
    const token = `ExponentPushToken[reminder-${randomUUID().slice(0, 8)}]`;
    expect((await worker.client.from('staff').update({ push_token: token }).eq('id', worker.userId)).error).toBeNull();

    // Noon today in the agency's zone (Toronto unless it chose another), and 14 days after today there.
    const { rows } = await db.query<{ noon: Date; expires: string; long_date: string }>(
      `select ((local.today + time '12:00') at time zone local.zone) as noon, (local.today + 14)::text as expires,
              to_char(local.today + 14, 'FMMonth FMDD, YYYY') as long_date
       from (select c.time_zone as zone, (now() at time zone c.time_zone)::date as today
             from public.companies c where c.id = $1) local`,
      [agency.userId],
    );
    const { noon, expires, long_date: longDate } = rows[0]!;

    const recorded = await agency.client
      .from('staff_credentials')
      .insert({
        staff_id: worker.userId,
        credential_type: 'CPR/First aid',
        expires_on: expires,
        verified_at: new Date().toISOString(),
        verified_by: 'Office',
      })
      .select('id')
      .single();
    expect(recorded.error).toBeNull();

    await db.query('select private.credential_reminder_tick($1)', [noon]);
    const message = `Your CPR/First aid expires in 14 days, on ${longDate}`;
    const { data: notes } = await worker.client.from('notifications').select('message, company_id, shift_id');
    expect(notes).toEqual([{ message, company_id: agency.userId, shift_id: null }]);
    const { data: reminders } = await worker.client.from('credential_reminders').select('days_before, expires_on');
    expect(reminders).toEqual([{ days_before: 14, expires_on: expires }]);

    await expect.poll(async () => (await pushesTo(token)).length, { timeout: 20_000 }).toBe(1);
    expect((await pushesTo(token))[0]).toMatchObject({
      title: 'Credential expiring soon',
      body: message,
      data: { companyId: agency.userId, kind: 'credential_reminder' },
      status: 'ok',
    });
    const push = await db.query<{ request: string }>(
      'select push_request_id::text as request from public.staff_pushes where credential_id = $1',
      [recorded.data!.id],
    );
    expect(await pgNetStatus(db, push.rows[0]!.request)).toBe(200);

    // The next tick (or pg_cron's, an hour on) finds it sent.
    await db.query(`select private.credential_reminder_tick($1::timestamptz + interval '1 hour')`, [noon]);
    expect((await worker.client.from('notifications').select('id')).data).toHaveLength(1);
  });
});
