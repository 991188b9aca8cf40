/**
 * The assistant's data tools (issue 19) through supabase-js against the local stack, signed in as
 * the question bank's agency: every tool through createToolRunner, RLS and the tools' own filters
 * keeping the other agency out, the SPEC §7 redaction, refusals for a worker and for malformed
 * arguments. The answers themselves are checked question by question in assistant-bank-facts.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolArgumentError, ToolReadError } from '../../supabase/functions/assistant/tools/errors.ts';
import { createToolRunner, TOOL_NAMES, TOOLS } from '../../supabase/functions/assistant/tools/registry.ts';
import type { ToolArgs, ToolName, ToolRunner } from '../../supabase/functions/assistant/tools/types.ts';
import {
  ensureFixture,
  FIXTURE_PASSWORD,
  FORMER_STAFF,
  LAKESHORE,
  NINEBARK,
  NOW,
  OTHER_AGENCY_WORDS,
  OTHER_SHIFTS,
  SHIFTS,
  shortId,
  STAFF,
  TIME_ZONE,
  WORKER_EMAIL,
} from '../assistant/fixture.ts';
import { clientOptions, superuser } from '../support/clients.ts';
import { ANON_KEY, API_URL } from '../support/stack-env.ts';

async function signIn(email: string): Promise<{ client: SupabaseClient; userId: string }> {
  const client = createClient(API_URL, ANON_KEY, clientOptions);
  const { data, error } = await client.auth.signInWithPassword({ email, password: FIXTURE_PASSWORD });
  if (error) throw error;
  return { client, userId: data.user.id };
}

function runnerFor(client: SupabaseClient, companyId: string): ToolRunner {
  return createToolRunner({ client, companyId, timeZone: TIME_ZONE, now: NOW });
}

const WEEK = { from: '2026-11-16T00:00:00-05:00', before: '2026-11-23T00:00:00-05:00' };
const LAST_MONTH = { from: '2026-10-01T00:00:00-04:00', before: '2026-11-01T00:00:00-04:00' };

/** One representative call of every tool, for the checks that apply to all of them. */
const EVERY_TOOL: { [N in ToolName]: ToolArgs<N> } = {
  find_shifts: { address: '100 Queen Street West' },
  open_shifts_starting_within: { hours: 24 * 31 },
  shift_details: { shift_id: shortId('w08') },
  shift_counts: {},
  find_staff: { name: 'Priya' },
  list_staff: { limit: 50 },
  staff_details: { staff_id: STAFF.sharma.id },
  staff_ranking: { metric: 'most_hours' },
  attendance: WEEK,
  fill_stats: {},
  plan_usage: {},
  who_can_cover: { shift_id: shortId('w12') },
};

let run: ToolRunner;

beforeAll(async () => {
  const db = await superuser();
  try {
    await ensureFixture(db);
  } finally {
    await db.end();
  }
  const lakeshore = await signIn(LAKESHORE.email);
  expect(lakeshore.userId).toBe(LAKESHORE.id);
  run = runnerFor(lakeshore.client, LAKESHORE.id);
});

describe('assistant tools as the agency', () => {
  it('find_shifts filters by status and start period, soonest first, with the total', async () => {
    const open = await run('find_shifts', { status: 'Pending', ...WEEK });
    expect(open.total).toBe(9);
    expect(open.shifts.every((s) => s.status === 'Pending')).toBe(true);
    const starts = open.shifts.map((s) => s.starts_at);
    expect([...starts].sort()).toEqual(starts);

    const inProgress = await run('find_shifts', { status: 'In-progress' });
    expect(inProgress.shifts.map((s) => s.accepted_by?.name)).toEqual(['Kwame Mensah', 'Amelia Tremblay']);

    const limited = await run('find_shifts', { status: 'Completed', limit: 3 });
    expect(limited).toMatchObject({ total: 29 });
    expect(limited.shifts).toHaveLength(3);
  });

  it('find_shifts by staff member, address spelt either way, skill and staff type', async () => {
    const cote = await run('find_shifts', { staff_id: STAFF.cote.id, from: '2026-11-23T00:00:00-05:00' });
    expect(cote.shifts.map((s) => s.short_id)).toEqual([shortId('nw05'), shortId('nw07')]);

    const queen = await run('find_shifts', { address: 'queen street w' });
    expect(queen.shifts.map((s) => s.short_id)).toEqual([shortId('o01'), shortId('w12'), shortId('nw01')]);
    expect((await run('find_shifts', { address: '100 Queen St. W.' })).total).toBe(2);
    expect((await run('find_shifts', { address: '1001 Queen St E' })).total).toBe(1);
    expect((await run('find_shifts', { address: "150 rue de l'eglise, gatineau qc" })).total).toBe(1);
    expect((await run('find_shifts', { address: '310 Boul. St-Joseph' })).total).toBe(2);
    expect((await run('find_shifts', { address: 'M5H 2N2' })).total).toBe(2);
    expect((await run('find_shifts', { address: '99 Nowhere Road' })).total).toBe(0);

    const dementia = await run('find_shifts', { skill: 'DEMENTIA', status: 'Pending' });
    expect(dementia.total).toBe(3);
    expect((await run('find_shifts', { staff_type: 'rn' })).total).toBe(7);
  });

  it('a shift reads as the replies show it: short id, address, local start, staff, hours done', async () => {
    const { matches } = await run('shift_details', { shift_id: shortId('w04') });
    expect(matches).toEqual([
      {
        id: SHIFTS.w04,
        short_id: 'dbe1d220',
        status: 'Completed',
        staff_type: 'PSW',
        skill: 'Dementia care',
        address: '45 Avenue Road, Toronto, ON M5R 2S9',
        city: 'Toronto',
        starts_at: '2026-11-17T14:00:00.000Z',
        ends_at: '2026-11-17T22:00:00.000Z',
        starts_local: 'Tue, Nov 17, 2026, 9:00 AM',
        duration_minutes: 480,
        created_at: '2026-11-13T15:00:00.000Z',
        notes: null,
        accepted_by: { id: STAFF.cote.id, name: 'Amélie Côté' },
        accepted_at: '2026-11-13T15:15:00.000Z',
        clocked_in_at: '2026-11-17T14:25:00.000Z',
        clocked_out_at: '2026-11-17T22:00:00.000Z',
        hours_done: 7.58,
      },
    ]);
    expect((await run('shift_details', { shift_id: SHIFTS.w04 })).matches).toHaveLength(1);
    expect((await run('shift_details', { shift_id: 'abcdef12' })).matches).toEqual([]);
    const former = await run('shift_details', { shift_id: shortId('o13') });
    expect(former.matches[0]?.accepted_by).toEqual({ id: FORMER_STAFF.id, name: 'Former staff member' });
  });

  it('open_shifts_starting_within counts from the given now', async () => {
    const day = await run('open_shifts_starting_within', {});
    expect(day.shifts.map((s) => s.short_id)).toEqual([shortId('w10'), shortId('w11'), shortId('w12')]);
    expect(day.shifts[0]?.starts_local).toBe('Wed, Nov 18, 2026, 7:00 PM');
    expect((await run('open_shifts_starting_within', { hours: 48 })).total).toBe(5);
  });

  it('shift_counts by status, ever and in a period', async () => {
    expect(await run('shift_counts', {})).toEqual({
      Pending: 21,
      Assigned: 13,
      'In-progress': 2,
      Completed: 29,
      total: 65,
    });
    expect(await run('shift_counts', LAST_MONTH)).toEqual({
      Pending: 4,
      Assigned: 1,
      'In-progress': 0,
      Completed: 15,
      total: 20,
    });
  });

  it('find_staff forgives accents, case, typos and partial names, and says when a name is ambiguous', async () => {
    const names = async (name: string) => (await run('find_staff', { name })).matches.map((m) => m.name);
    expect(await names('amelie cote')).toEqual(['Amélie Côté']);
    expect(await names('Amelia Tremblai')).toEqual(['Amelia Tremblay']);
    expect(await names('gagne')).toEqual(['Sophie Gagné']);
    expect(await names('oconnor')).toEqual(["Liam O'Connor"]);
    expect((await names('Olivier')).sort()).toEqual(['Olivier Bouchard', 'Olivier Roy']);
    expect((await names('Amel')).sort()).toEqual(['Amelia Tremblay', 'Amélie Côté']);
    expect(await names('Tobias Whitfield')).toEqual([]);

    const { matches } = await run('find_staff', { name: 'Amélie' });
    expect(matches[0]).toMatchObject({ name: 'Amélie Côté', exact: true, score: 1 });
    expect(matches[1]).toMatchObject({ name: 'Amelia Tremblay', exact: false });
  });

  it('list_staff lists the employed staff, and who is on shift now', async () => {
    const all = await run('list_staff', {});
    expect(all.total).toBe(15);
    expect(all.staff.map((s) => s.name)).toContain('Amélie Côté');
    expect(all.staff.map((s) => s.name)).not.toContain('Tobias Whitfield');
    const onShift = await run('list_staff', { on_shift: true });
    expect(onShift.staff.map((s) => s.name)).toEqual(['Kwame Mensah', 'Amelia Tremblay']);
  });

  it("staff_details: one worker's counts, hours, last and upcoming shifts", async () => {
    const cote = await run('staff_details', { staff_id: STAFF.cote.id });
    expect(cote).toMatchObject({
      staff: { name: 'Amélie Côté', phone: '4165550101', on_shift: false },
      shifts_accepted: 9,
      shifts_completed: 6,
      hours_done: 47.6,
      last_shift: { short_id: shortId('w04') },
    });
    expect(cote.upcoming.map((s) => s.short_id)).toEqual([shortId('w16'), shortId('nw05'), shortId('nw07')]);
    expect(cote.shifts).toHaveLength(6);

    const month = await run('staff_details', { staff_id: STAFF.cote.id, from: '2026-11-01T00:00:00-04:00' });
    expect(month).toMatchObject({ shifts_accepted: 6, shifts_completed: 3, hours_done: 23.63 });
    await expect(run('staff_details', { staff_id: FORMER_STAFF.id })).rejects.toThrow(
      /no staff member with id .* works for this agency/,
    );
  });

  it('staff_ranking, attendance and fill_stats', async () => {
    const hours = await run('staff_ranking', { metric: 'most_hours', ...LAST_MONTH, limit: 3 });
    expect(hours.rows).toEqual([
      { staff: { id: STAFF.mensah.id, name: 'Kwame Mensah' }, value: 32.1, shifts: 4 },
      { staff: { id: STAFF.sharma.id, name: 'Priya Sharma' }, value: 28.07, shifts: 3 },
      { staff: { id: STAFF.cote.id, name: 'Amélie Côté' }, value: 23.97, shifts: 3 },
    ]);
    expect((await run('staff_ranking', { metric: 'fastest_to_accept', limit: 1 })).rows[0]).toMatchObject({
      staff: { name: 'Priya Sharma' },
      value: 5,
    });

    const week = await run('attendance', WEEK);
    expect(week.late.map((l) => [l.shift.accepted_by?.name, l.minutes_late])).toEqual([
      ['Amelia Tremblay', 14],
      ['Amélie Côté', 25],
    ]);
    expect(week.no_shows.map((s) => s.accepted_by?.name)).toEqual(['Sophie Gagné', "Liam O'Connor"]);
    expect(week).toMatchObject({ late_total: 2, no_show_total: 2 });

    expect(await run('fill_stats', LAST_MONTH)).toEqual({
      posted: 20,
      filled: 16,
      fill_rate: 0.8,
      median_minutes_to_fill: 37.5,
      average_minutes_to_fill: 60,
      expired_unfilled: 4,
    });
  });

  it('plan_usage: the free plan and what is left of it at NOW', async () => {
    expect(await run('plan_usage', {})).toEqual({
      premium: false,
      shifts_used: 7,
      shift_limit: 10,
      staff_count: 15,
      staff_limit: 30,
      questions_left: 20,
    });
  });
});

describe('who_can_cover as the agency', () => {
  it('settles the shift from a ShiftID or a description, and ranks who may take it', async () => {
    const byId = await run('who_can_cover', { shift_id: shortId('w12') });
    expect(byId.shift?.id).toBe(SHIFTS.w12);
    expect(byId.eligible.map((c) => c.staff.name)).toEqual([
      'Priya Sharma',
      'Amelia Tremblay',
      'Amélie Côté',
      'Mohammed Haddad',
      'Chloé Lefebvre',
      'Sophie Gagné',
      "Liam O'Connor",
    ]);
    expect(byId.eligible.map((c) => c.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(byId).toMatchObject({ eligible_total: 7, ineligible_total: 8, near_miss_total: 5, near_miss_reasons: 1 });
    expect(byId.near_misses.map((m) => [m.staff.name, m.reasons])).toEqual([
      // Reasons that stop the fewest others first (over hours and time off stop one each), then cover order.
      ['Kwame Mensah', ['Would work 16.0 hours that week, over 12.0']],
      ['Isabelle Bélanger', ['Has time off on Nov 19']],
      ['Ethan Nguyen', ['Is not recorded as skilled in dementia care']],
      ['Olivier Roy', ['Is not recorded as a PSW']],
      ['Olivier Bouchard', ['CPR/First aid is not verified']],
    ]);
    const described = await run('who_can_cover', {
      address: '220 queen street w',
      from: '2026-11-19T00:00:00-05:00',
      before: '2026-11-20T00:00:00-05:00',
    });
    expect(described.shift?.id).toBe(SHIFTS.w12);
    expect(described.eligible).toEqual(byId.eligible);
  });

  it('says when a description fits several shifts or none, without judging anyone', async () => {
    const tomorrow = await run('who_can_cover', {
      from: '2026-11-19T00:00:00-05:00',
      before: '2026-11-20T00:00:00-05:00',
    });
    expect(tomorrow).toMatchObject({ shift: null, matches_total: 4, eligible: [], near_misses: [] });
    expect(tomorrow.matches.map((s) => s.short_id)).toEqual(
      ['w11', 'w12', 'w13', 'w14'].map((k) => shortId(k as 'w11')),
    );
    expect(await run('who_can_cover', { address: '99 Nowhere Road' })).toMatchObject({ shift: null, matches_total: 0 });
    expect((await run('who_can_cover', { shift_id: 'abcdef12' })).matches).toEqual([]);
  });

  it('finds the no-show going on now, the shift a staff member holds, and explains one staff member', async () => {
    const noShow = await run('who_can_cover', { no_show: true });
    expect(noShow.shift?.id).toBe(SHIFTS.w21);
    expect(noShow.no_show).toBe(true);
    expect(noShow.eligible.map((c) => c.staff.name)).not.toContain('Sophie Gagné');
    const ended = await run('who_can_cover', { held_by: STAFF.oconnor.id, no_show: true });
    expect(ended.shift?.id).toBe(SHIFTS.w03);
    const friday = await run('who_can_cover', {
      held_by: STAFF.cote.id,
      from: '2026-11-20T00:00:00-05:00',
      before: '2026-11-21T00:00:00-05:00',
      staff_id: STAFF.li.id,
    });
    expect(friday.shift?.id).toBe(SHIFTS.w16);
    expect(friday.eligible.slice(0, 2).map((c) => [c.staff.name, c.worked_here])).toEqual([
      ['Isabelle Bélanger', true],
      ['Chloé Lefebvre', true],
    ]);
    expect(friday.asked).toMatchObject({
      staff: { name: 'Grace Li' },
      eligible: false,
      holds_shift: false,
      reasons: ['CPR/First aid expired Nov 15'],
    });
    await expect(run('who_can_cover', { shift_id: shortId('w12'), staff_id: FORMER_STAFF.id })).rejects.toThrow(
      /no staff member with id .* works for this agency/,
    );
  });

  it('another agency never reads this agency’s shift or staff; its records never reach this one', async () => {
    const ninebark = await signIn(NINEBARK.email);
    const other = runnerFor(ninebark.client, NINEBARK.id);
    expect(await other('who_can_cover', { shift_id: shortId('w12') })).toMatchObject({ shift: null, matches: [] });
    const own = await other('who_can_cover', { shift_id: OTHER_SHIFTS[2].slice(0, 8) });
    const names = [...own.eligible, ...own.near_misses].map((c) => c.staff.name).sort();
    expect(names).toEqual(['Philomena Vantongeren', 'Priya Sharma', 'Zebediah Quuxley']);
    // Lakeshore's answer about Priya Sharma: another shift at Ninebark is only "another shift".
    const saturday = await run('who_can_cover', { shift_id: shortId('nw07'), staff_id: STAFF.sharma.id });
    expect(saturday.asked?.reasons).toEqual(['Already has another shift at this time']);
    const text = JSON.stringify(saturday);
    for (const word of [...OTHER_AGENCY_WORDS, 'Quuxley Home Access', NINEBARK.id]) expect(text).not.toContain(word);
  });
});

describe('privacy', () => {
  it('no tool ever returns the other agency’s rows, names or streets', async () => {
    for (const name of TOOL_NAMES) {
      const text = JSON.stringify(await run(name, EVERY_TOOL[name] as never));
      for (const word of OTHER_AGENCY_WORDS) expect(text, `${name} leaked ${word}`).not.toContain(word);
      for (const id of OTHER_SHIFTS) expect(text).not.toContain(id);
      expect(text).not.toContain(NINEBARK.id);
    }
  });

  it('Priya Sharma’s shifts at the other agency never count for this one', async () => {
    const priya = await run('staff_details', { staff_id: STAFF.sharma.id });
    expect(priya).toMatchObject({ shifts_accepted: 7, shifts_completed: 5, hours_done: 44.18 });
    expect(priya.upcoming.map((s) => s.starts_local)).toEqual([
      'Mon, Nov 23, 2026, 9:00 AM',
      'Fri, Dec 4, 2026, 9:00 AM',
    ]);
    const tomorrow = await run('find_shifts', {
      from: '2026-11-19T00:00:00-05:00',
      before: '2026-11-20T00:00:00-05:00',
      status: 'Pending',
    });
    expect(tomorrow.total).toBe(3);
  });

  it('no push token, employment time or payment customer id in any result', async () => {
    for (const name of TOOL_NAMES) {
      const text = JSON.stringify(await run(name, EVERY_TOOL[name] as never));
      expect(text).not.toMatch(/ExponentPushToken|push_token|added_at|cus_|customer/i);
    }
  });

  it('the other agency sees only its own data through the same tools', async () => {
    const ninebark = await signIn(NINEBARK.email);
    const other = runnerFor(ninebark.client, NINEBARK.id);
    const queen = await other('find_shifts', { address: '100 Queen Street West' });
    expect(queen.shifts.map((s) => s.id)).toEqual([OTHER_SHIFTS[2]]);
    expect((await other('shift_counts', {})).total).toBe(6);
    expect((await other('shift_details', { shift_id: shortId('w04') })).matches).toEqual([]);
    expect((await other('find_staff', { name: 'Amelie Cote' })).matches).toEqual([]);
    await expect(other('staff_details', { staff_id: STAFF.cote.id })).rejects.toBeInstanceOf(ToolArgumentError);
    const staff = await other('list_staff', {});
    expect(staff.staff.map((s) => s.name).sort()).toEqual([
      'Philomena Vantongeren',
      'Priya Sharma',
      'Zebediah Quuxley',
    ]);
  });
});

describe('refusals', () => {
  let worker: ToolRunner;
  let workerClient: SupabaseClient;

  beforeAll(async () => {
    const signedIn = await signIn(WORKER_EMAIL);
    workerClient = signedIn.client;
    // A worker's token with the worker's own id, as the function would build the context.
    worker = runnerFor(signedIn.client, signedIn.userId);
  });

  afterAll(async () => {
    await workerClient.auth.signOut();
  });

  it('a worker gets nothing: the aggregate tools refuse, the lists are empty', async () => {
    for (const name of ['shift_counts', 'staff_ranking', 'attendance', 'fill_stats', 'plan_usage'] as const) {
      const failure = worker(name, EVERY_TOOL[name] as never);
      await expect(failure).rejects.toBeInstanceOf(ToolReadError);
      await expect(failure).rejects.toThrow('Only company accounts can use the assistant.');
    }
    expect((await worker('find_shifts', {})).total).toBe(0);
    expect((await worker('list_staff', {})).total).toBe(0);
    expect((await worker('find_staff', { name: 'Amélie' })).matches).toEqual([]);
    expect((await worker('who_can_cover', { shift_id: shortId('w12') })).shift).toBeNull();
  });

  it('a worker using the agency’s id sees only what RLS lets a worker see: open shifts and their own', async () => {
    const posing = runnerFor(workerClient, LAKESHORE.id);
    const { total, shifts } = await posing('find_shifts', { limit: 50 });
    expect(total).toBe(21 + 9);
    for (const shift of shifts)
      expect(shift.status === 'Pending' || shift.accepted_by?.id === STAFF.cote.id).toBe(true);
    expect((await posing('list_staff', {})).staff.map((s) => s.name)).toEqual(['Amélie Côté']);
    await expect(posing('staff_details', { staff_id: STAFF.cote.id })).rejects.toBeInstanceOf(ToolReadError);
    // An open shift the worker can see: the database refuses to say who may cover it.
    const cover = posing('who_can_cover', { shift_id: shortId('w12') });
    await expect(cover).rejects.toBeInstanceOf(ToolReadError);
    await expect(cover).rejects.toThrow('Only company accounts can use the assistant.');
  });

  it('malformed arguments are refused by parse with a sentence, before any read', async () => {
    const bad: [ToolName, unknown, RegExp][] = [
      ['find_shifts', { status: 'open' }, /status must be one of Pending, Assigned, In-progress, Completed/],
      ['find_shifts', { from: 'yesterday' }, /ISO 8601 date-time/],
      ['find_shifts', { limit: 1000 }, /limit must be a whole number from 1 to 50/],
      ['find_shifts', { shift: 'x' }, /unknown argument shift/],
      ['shift_details', { shift_id: 'xyz' }, /ShiftID/],
      ['staff_details', { staff_id: 'Amélie Côté' }, /find_staff/],
      ['staff_ranking', { metric: 'nicest' }, /metric must be one of/],
      ['open_shifts_starting_within', { hours: -1 }, /greater than 0/],
      ['plan_usage', { verbose: true }, /takes no arguments/],
      ['who_can_cover', {}, /name the shift by shift_id, or describe it/],
      ['who_can_cover', { shift_id: 'd5caa867', address: 'Queen' }, /not both/],
    ];
    for (const [name, args, message] of bad) {
      expect(() => TOOLS[name].parse(args), name).toThrow(ToolArgumentError);
      expect(() => TOOLS[name].parse(args), name).toThrow(message);
      await expect(run(name, args as never)).rejects.toThrow(message);
    }
  });
});
