/**
 * The shift rules as the dashboard and the staff app meet them through supabase-js: first-come
 * acceptance under concurrency, clock-out sentences, the free plan's shift limit, and the plan
 * column a company cannot write.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  companyCode,
  postShift,
  SHIFT_POSITION,
  signUpCompany,
  signUpWorker,
  startingSoon,
  type Account,
} from './helpers.ts';

describe('first-come acceptance', () => {
  let company: Account;
  let workers: [Account, Account];

  beforeAll(async () => {
    company = await signUpCompany('race-agency');
    const code = await companyCode(company);
    workers = [await signUpWorker('racer-a', code), await signUpWorker('racer-b', code)];
  });

  it('of two workers accepting the same shift at the same moment, exactly one wins (10 rounds)', async () => {
    const winners: string[] = [];
    for (let round = 0; round < 10; round++) {
      // A day apart: the winners keep their shifts, and a worker never holds two at once.
      const start = Date.now() + (round + 1) * 86_400_000;
      const shiftId = await postShift(company, {
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + 8 * 3_600_000).toISOString(),
      });
      const results = await Promise.all(workers.map((w) => w.client.rpc('accept_shift', { shift_id: shiftId })));

      const won = results.filter((r) => r.error === null);
      const lost = results.filter((r) => r.error !== null);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]?.error?.message).toBe('This shift has already been accepted by another staff member');

      const winner = won[0]?.data?.accepted_by;
      expect(workers.map((w) => w.userId)).toContain(winner);
      const { data: shift } = await company.client
        .from('shifts_with_status')
        .select('accepted_by, status')
        .eq('id', shiftId)
        .single();
      expect(shift).toEqual({ accepted_by: winner, status: 'Assigned' });
      winners.push(winner as string);
    }
    expect(winners).toHaveLength(10);
  });
});

describe('clock_staff_out', () => {
  it('refuses with SPEC’s sentences until the shift is In-progress, then clocks the worker out', async () => {
    const company = await signUpCompany('clock-agency');
    const worker = await signUpWorker('clocker', await companyCode(company));
    const shiftId = await postShift(company, startingSoon());
    const clockOut = (timeDone: string) =>
      company.client.rpc('clock_staff_out', { shift_id: shiftId, time_done: timeDone });

    expect((await clockOut('8 hours')).error?.message).toBe('Staff has not clocked in'); // Pending
    expect((await worker.client.rpc('accept_shift', { shift_id: shiftId })).error).toBeNull();
    expect((await clockOut('8 hours')).error?.message).toBe('Staff has not clocked in'); // Assigned
    expect((await worker.client.rpc('clock_in', { shift_id: shiftId, ...SHIFT_POSITION })).error).toBeNull();

    const onShift = async () =>
      (await company.client.from('company_staff').select('on_shift').eq('id', worker.userId).single()).data?.on_shift;
    expect(await onShift()).toBe(true);
    expect((await clockOut('   ')).error?.message).toBe('Time Done cannot be empty');

    const done = await clockOut('7.5 hours');
    expect(done.error).toBeNull();
    expect(done.data).toMatchObject({ id: shiftId, time_done: '7.5 hours', clocked_out_at: expect.any(String) });
    expect(await onShift()).toBe(false);
    const { data: shift } = await company.client.from('shifts_with_status').select('status').eq('id', shiftId).single();
    expect(shift?.status).toBe('Completed');

    expect((await clockOut('8 hours')).error?.message).toBe('Staff already clocked out'); // Completed
  });

  it('does not let another company clock out someone else’s shift', async () => {
    const owner = await signUpCompany('owner-agency');
    const intruder = await signUpCompany('intruder-agency');
    const shiftId = await postShift(owner);
    const { error } = await intruder.client.rpc('clock_staff_out', { shift_id: shiftId, time_done: '1 hour' });
    expect(error?.message).toBe('Shift not found');
  });
});

describe('clock-in with location and clock-out without typing hours', () => {
  it('opens 30 minutes before the start, asks for a reason without a position or far away, and stores where', async () => {
    const company = await signUpCompany('where-agency');
    const worker = await signUpWorker('wanderer', await companyCode(company));
    const later = await postShift(company);
    const soon = await postShift(company, startingSoon());
    for (const id of [later, soon])
      expect((await worker.client.rpc('accept_shift', { shift_id: id })).error).toBeNull();
    const clockIn = (args: { shift_id: string; latitude?: number; longitude?: number; reason?: string }) =>
      worker.client.rpc('clock_in', args);

    expect((await clockIn({ shift_id: later, ...SHIFT_POSITION })).error?.message).toBe(
      'You can clock in from 30 minutes before the shift starts',
    );
    // The one-argument call still reaches the function (through its defaults), which asks why.
    expect((await clockIn({ shift_id: soon })).error?.message).toBe('Add a reason to clock in without your location');
    expect((await clockIn({ shift_id: soon, latitude: 43.6625, longitude: -79.3838 })).error?.message).toBe(
      'Add a reason to clock in more than 300 m from the shift',
    );
    expect((await clockIn({ shift_id: soon, latitude: 95, longitude: 0 })).error?.message).toBe(
      'Location is not valid',
    );
    const { data, error } = await clockIn({
      shift_id: soon,
      latitude: 43.6625,
      longitude: -79.3838,
      reason: ' Lobby ',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ clock_in_distance_m: 1112, clock_in_reason: 'Lobby', clock_in_latitude: 43.6625 });
    expect((await worker.client.rpc('clock_in_radius_m')).data).toBe(300);

    const { data: seen } = await company.client
      .from('shifts_with_status')
      .select('clock_in_distance_m, clock_in_reason, status')
      .eq('id', soon)
      .single();
    expect(seen).toEqual({ clock_in_distance_m: 1112, clock_in_reason: 'Lobby', status: 'In-progress' });
    const { data: timeline } = await company.client.rpc('shift_timeline', { p_shift_id: soon });
    expect(timeline?.find((step) => step.kind === 'clocked_in')).toMatchObject({
      detail: 'On time · 1.1 km from the shift. Reason: Lobby',
      flagged: true,
    });

    const out = await worker.client.rpc('clock_out', { shift_id: soon });
    expect(out.error).toBeNull();
    expect(out.data).toMatchObject({ time_done: '0 mins', time_done_minutes: 0, clocked_out_at: expect.any(String) });
  });
});

describe('plan limits and protected columns', () => {
  it('a free-plan company posts 10 shifts; the 11th is refused with the database’s sentence', async () => {
    const company = await signUpCompany('free-agency');
    for (let i = 0; i < 10; i++) await postShift(company);

    const { data, error } = await company.client
      .from('shifts')
      .insert({
        staff_type: 'PSW',
        skill: 'Personal care',
        street_number: '1',
        street_name: 'Main Street',
        city: 'Toronto',
        province: 'ON',
        country: 'Canada',
        postal_code: 'M5H 2N2',
        starts_at: new Date(Date.now() + 3600_000).toISOString(),
        ends_at: new Date(Date.now() + 7200_000).toISOString(),
      })
      .select('id');
    expect(data).toBeNull();
    expect(error?.message).toBe('Free plan limit reached: upgrade to Premium to post more than 10 shifts');

    const { data: row } = await company.client.from('companies').select('free_shifts_used').single();
    expect(row?.free_shifts_used).toBe(10);
    const { count } = await company.client.from('shifts').select('id', { count: 'exact', head: true });
    expect(count).toBe(10);
  });

  it('a company cannot make itself premium through REST', async () => {
    const company = await signUpCompany('sneaky-agency');
    const { error } = await company.client.from('companies').update({ premium: true }).eq('id', company.userId);
    expect(
      error,
      'the update went through: check that `authenticated` has no UPDATE privilege on companies.premium ' +
        '(re-running stack/src/postgres/bootstrap.sql grants all on public tables again)',
    ).not.toBeNull();
    expect(error?.code).toBe('42501');

    // Mixed with an allowed profile column, the whole update is refused.
    const mixed = await company.client
      .from('companies')
      .update({ company_name: 'Sneaky', premium: true })
      .eq('id', company.userId);
    expect(mixed.error?.code).toBe('42501');

    const { data } = await company.client.from('companies').select('premium, company_name').single();
    expect(data).toEqual({ premium: false, company_name: null });

    // The profile columns themselves stay editable.
    const ok = await company.client.from('companies').update({ company_name: 'Honest Care' }).eq('id', company.userId);
    expect(ok.error).toBeNull();
  });
});
