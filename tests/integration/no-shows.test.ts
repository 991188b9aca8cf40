/**
 * A no-show re-posted, through supabase-js against the local stack (issue 28, part 4): the worker
 * who did not clock in is alerted once by the watchdog (run here as pg_cron runs it each minute), in
 * the staff app and on their device, the agency re-posts once its own threshold has passed and the
 * workers offered the shift are pushed, and when every worker tries to take the reopened shift at
 * once the winner is never the no-show, whose accept_shift is refused with a clear reason. The
 * pushes are the database's: it queues sendnotification through pg_net, the stack performs the
 * request, and the push stand-in records what reached each device. The role matrix and every
 * refusal are in pgTAP (supabase/tests/database/29-no-shows.test.sql, 32-staff-pushes.test.sql).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superuser } from '../support/clients.ts';
import { recordedPushes } from '../support/pushes.ts';
import {
  companyCode,
  pgNetStatus,
  postShift,
  signUpCompany,
  signUpWorker,
  startingSoon,
  type Account,
} from './helpers.ts';

interface RecordedPush {
  to: string;
  title?: string;
  body?: string;
  data?: { companyId?: string; shiftId?: string; kind?: string };
  status: string;
}

/** What the push stand-in recorded for these devices, oldest first. */
async function pushesTo(tokens: readonly string[]): Promise<RecordedPush[]> {
  return (await recordedPushes<RecordedPush>()).filter((p) => tokens.includes(p.to)).reverse();
}

const run = randomUUID().slice(0, 8);

const NO_SHOW_REFUSAL = 'You did not clock in to this shift, so your agency offered it to other staff';

describe('a no-show re-posted', () => {
  let db: pg.Client;
  let agency: Account;
  let code: string;

  beforeAll(async () => {
    db = await superuser();
    agency = await signUpCompany('noshow-agency');
    await db.query('update public.companies set premium = true where id = $1', [agency.userId]);
    code = await companyCode(agency);
  });
  afterAll(async () => {
    await db.end();
  });

  /** Moves a held shift's start `minutes` into the past, as if that much time had gone by. */
  const startedAgo = (shiftId: string, minutes: number) =>
    db.query(
      `update public.shifts set starts_at = now() - make_interval(secs => $2::float * 60),
                                ends_at = now() - make_interval(secs => $2::float * 60) + interval '8 hours'
       where id = $1`,
      [shiftId, minutes],
    );

  it('is alerted, re-posted past the threshold, and never wins the shift back', async () => {
    const [noShow, ...others] = await Promise.all(
      ['noshow-absent', 'noshow-b', 'noshow-c', 'noshow-d'].map((label) => signUpWorker(label, code)),
    );
    const absent = noShow as Account;
    // Every worker has a device (an Expo token), as the staff app registers it.
    const tokenOf = new Map(
      [absent, ...others].map((w, i) => [w.userId, `ExponentPushToken[noshow-${run}-${i}]`] as const),
    );
    await Promise.all(
      [absent, ...others].map(async (w) => {
        const { error } = await w.client
          .from('staff')
          .update({ push_token: tokenOf.get(w.userId) })
          .eq('id', w.userId);
        if (error) throw error;
      }),
    );
    const absentToken = tokenOf.get(absent.userId)!;
    const otherTokens = others.map((w) => tokenOf.get(w.userId)!);
    const shiftId = await postShift(agency, startingSoon(20));
    expect((await absent.client.rpc('accept_shift', { shift_id: shiftId })).error).toBeNull();

    // Ten and a half minutes later, the watchdog's tick: the worker is told once, in the staff app.
    // pg_cron runs the same tick every minute, so whichever comes first alerts and the other finds
    // nothing left to do.
    await startedAgo(shiftId, 10.5);
    await db.query('select private.watchdog_tick(now())');
    const told = await absent.client.from('notifications').select('message').eq('shift_id', shiftId);
    expect(
      told.data?.filter((n) => /^Your shift at 100 Queen Street West started 1[01] minutes ago$/.test(n.message)),
    ).toHaveLength(1);
    const { data: alerted } = await agency.client.from('shifts').select('late_alerted_at').eq('id', shiftId).single();
    expect(alerted?.late_alerted_at).not.toBeNull();

    // And on their device: the database queued sendnotification with the tick's batch through
    // pg_net, the stack performed the request, the function pushed that worker and nobody else.
    const late = await db.query<{ request: string }>(
      `select push_request_id::text as request from public.staff_pushes where shift_id = $1 and kind = 'late_alert'`,
      [shiftId],
    );
    expect(late.rows).toHaveLength(1);
    expect(await pgNetStatus(db, late.rows[0]!.request)).toBe(200);
    await expect.poll(async () => (await pushesTo([absentToken])).length).toBe(1);
    expect((await pushesTo([absentToken]))[0]).toMatchObject({
      title: 'Your shift has started',
      body: expect.stringMatching(/^Your shift at 100 Queen Street West started 1[01] minutes ago$/),
      data: { companyId: agency.userId, shiftId, kind: 'late_alert' },
      status: 'ok',
    });
    expect(await pushesTo(otherTokens)).toEqual([]);
    await startedAgo(shiftId, 16);

    // The agency's own threshold decides when Re-post is open.
    expect(
      (await agency.client.from('companies').update({ no_show_repost_after_minutes: 30 }).eq('id', agency.userId))
        .error,
    ).toBeNull();
    const early = await agency.client.rpc('repost_shift', { p_shift_id: shiftId });
    expect(early.error?.message).toBe('A shift can be re-posted from 30 minutes after its start');
    await agency.client.from('companies').update({ no_show_repost_after_minutes: 15 }).eq('id', agency.userId);
    const reposted = await agency.client.rpc('repost_shift', { p_shift_id: shiftId });
    expect(reposted.error).toBeNull();
    expect(reposted.data).toBe(others.length);

    // Every worker offered the shift is pushed, once; the no-show is not offered it.
    await expect
      .poll(async () => (await pushesTo(otherTokens)).map((p) => p.to).sort(), { timeout: 20_000 })
      .toEqual([...otherTokens].sort());
    for (const push of await pushesTo(otherTokens)) {
      expect(push).toMatchObject({
        title: 'A shift needs cover now',
        body: 'A shift that has started needs cover now. View in home page',
        data: { companyId: agency.userId, shiftId, kind: 'repost' },
        status: 'ok',
      });
    }
    expect((await pushesTo([absentToken])).map((p) => p.data?.kind)).toEqual(['late_alert']);

    // Everyone tries at once: one of the others wins; the no-show is refused and says why.
    const attempts = await Promise.all(
      [absent, ...others].map((w) => w.client.rpc('accept_shift', { shift_id: shiftId })),
    );
    const [refusal, ...rest] = attempts;
    expect(refusal?.error?.message).toBe(NO_SHOW_REFUSAL);
    expect(refusal?.error?.hint).toBe('no_show');
    expect(rest.filter((r) => r.error === null)).toHaveLength(1);
    const { data: shift } = await agency.client.from('shifts').select('accepted_by').eq('id', shiftId).single();
    expect(others.map((w) => w.userId)).toContain(shift?.accepted_by);
    expect(shift?.accepted_by).not.toBe(absent.userId);

    // The record, as the agency and the worker read it; the timeline tells the story.
    const record = await agency.client
      .from('no_shows')
      .select('staff_id, automatic, recorded_by')
      .eq('shift_id', shiftId);
    expect(record.data).toEqual([{ staff_id: absent.userId, automatic: false, recorded_by: agency.userId }]);
    expect((await absent.client.from('no_shows').select('shift_id')).data).toEqual([{ shift_id: shiftId }]);
    const timeline = await agency.client.rpc('shift_timeline', { p_shift_id: shiftId });
    expect(timeline.data?.map((step) => step.kind)).toEqual(
      expect.arrayContaining(['late_alert', 'no_show', 'reposted']),
    );
    const reliability = await agency.client.rpc('staff_reliability', { p_staff_id: absent.userId });
    expect(reliability.data?.[0]).toMatchObject({ accepted: 1, no_shows: 1, completed: 0 });
  });
});
