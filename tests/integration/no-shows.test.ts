/**
 * A no-show re-posted, through supabase-js against the local stack (issue 28, part 4): the worker
 * who did not clock in is alerted once by the watchdog (run here as pg_cron runs it each minute), the agency re-posts once its own threshold has passed, and when every worker
 * tries to take the reopened shift at once the winner is never the no-show, whose accept_shift is
 * refused with a clear reason. The role matrix and every refusal are in pgTAP
 * (supabase/tests/database/29-no-shows.test.sql).
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superuser } from '../support/clients.ts';
import { companyCode, postShift, signUpCompany, signUpWorker, startingSoon, type Account } from './helpers.ts';

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
