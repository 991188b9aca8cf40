import assert from 'node:assert/strict';
import type {
  CoverAnswer,
  FillStats,
  ShiftCounts,
  ShiftList,
  StaffRanking,
  StaffSummary,
} from '../../../assistant/tools/types.ts';
import { AMELIA_S, AMELIA_T, FAKE_NOW, FAKE_SHIFTS, FAKE_STAFF, FAKE_TZ, JORDAN } from './fake-tools.ts';
import type { Query, When } from '../../../assistant/builtin/queries.ts';
import {
  formatDuration,
  formatHours,
  formatPercent,
  formatWait,
  LIST_LIMIT,
  localWhen,
  mergeShiftLists,
  phrase,
  type ToolOutput,
} from '../../../assistant/builtin/replies.ts';

const ctx = { timeZone: FAKE_TZ, now: FAKE_NOW };
const THIS_WEEK: When = {
  period: { from: '2026-11-16T05:00:00.000Z', before: '2026-11-23T05:00:00.000Z' },
  label: 'this week (Mon Nov 16 – Sun Nov 22)',
};
const LAST_WEEK: When = {
  period: { from: '2026-11-09T05:00:00.000Z', before: '2026-11-16T05:00:00.000Z' },
  label: 'last week (Mon Nov 9 – Sun Nov 15)',
};
const list = (shifts = FAKE_SHIFTS, total = shifts.length): ShiftList => ({ total, shifts });
const shiftsOut = (l: ShiftList): ToolOutput => ({ name: 'find_shifts', result: l });

Deno.test('replies: durations, hours and rates as SPEC §9 and the brief say', () => {
  assert.equal(formatDuration(480), '8 hrs');
  assert.equal(formatDuration(60), '1 hr');
  assert.equal(formatDuration(1), '1 min');
  assert.equal(formatDuration(0), '0 mins');
  assert.equal(formatDuration(1590), '1 day 2 hrs 30 mins');
  assert.equal(formatDuration(2 * 1440 + 5), '2 days 5 mins');
  assert.equal(formatHours(15.5), '15.5 hours');
  assert.equal(formatHours(1), '1 hour');
  assert.equal(formatHours(7.58333), '7.58 hours', 'at most two decimals');
  assert.equal(formatPercent(7 / 11), '63.6%');
  assert.equal(formatPercent(1), '100%');
  assert.equal(localWhen('2026-11-18T18:05:00Z', FAKE_TZ), 'Wed, Nov 18, 2026, 1:05 PM', 'the company zone');
  assert.equal(localWhen('2026-11-18T18:05:00Z', 'America/Vancouver'), 'Wed, Nov 18, 2026, 10:05 AM');
  assert.equal(localWhen(null, FAKE_TZ), '-');
});

Deno.test('replies: nothing matched is said plainly, with the period', () => {
  const query: Query = {
    type: 'shifts',
    statuses: ['Pending'],
    statusWord: 'pending',
    when: THIS_WEEK,
    count: false,
    view: 'list',
  };
  const empty = phrase(query, [shiftsOut(list([]))], ctx);
  assert.deepEqual(empty, {
    kind: 'answer',
    reply: 'There are no pending shifts this week (Mon Nov 16 – Sun Nov 22).',
    references: [],
  });
  const past = phrase({ ...query, when: LAST_WEEK }, [shiftsOut(list([]))], ctx);
  assert.equal(past.reply, 'There were no pending shifts last week (Mon Nov 9 – Sun Nov 15).');
  const nobody = phrase({ type: 'on_shift' }, [shiftsOut(list([]))], ctx);
  assert.match(nobody.reply, /^Nobody is on shift for your agency right now/);
});

Deno.test('replies: lists are numbered and lettered, at most 10 items, then "and N more"', () => {
  const query: Query = { type: 'shifts', statuses: [], count: false, view: 'list' };
  const outcome = phrase(query, [shiftsOut(list(FAKE_SHIFTS.slice(0, LIST_LIMIT), 25))], ctx);
  const lines = outcome.reply.split('\n');
  assert.equal(lines[0], '1. There are 25 shifts.');
  assert.equal(lines.length, 12);
  assert.match(
    lines[1] as string,
    /^ {3}a\. Tue, Oct 20, 2026, 8:00 AM at 55 King Street West, Kitchener, ON N2G 4W1: RPN, Palliative care, Completed by Marie-Ève Côté, clocked in 8:00 AM and out 8:00 PM \(ShiftID 5a000011\)$/,
  );
  assert.equal(lines[11], '   k. and 15 more');
  for (const line of lines) assert.match(line, /^(\d+\. | {3}[a-z]\. )\S/);
  assert.ok(!/[*#`]/.test(outcome.reply), 'no markdown');
});

Deno.test('replies: every shift shown and staff member named is a reference whose label is in the reply', () => {
  const query: Query = { type: 'shifts', statuses: [], when: THIS_WEEK, count: false, view: 'who' };
  const week = FAKE_SHIFTS.filter(
    (s) => s.starts_at >= THIS_WEEK.period.from! && s.starts_at < THIS_WEEK.period.before!,
  );
  const outcome = phrase(query, [shiftsOut(list(week))], ctx);
  assert.ok(outcome.references.length > 0);
  for (const ref of outcome.references) assert.ok(outcome.reply.includes(ref.label), ref.label);
  const ids = outcome.references.map((r) => `${r.kind}:${r.id}`);
  assert.equal(new Set(ids).size, ids.length, 'each once');
  assert.ok(outcome.references.some((r) => r.kind === 'staff' && r.id === JORDAN && r.label === 'Jordan Singh'));
  assert.ok(outcome.references.some((r) => r.kind === 'shift' && r.label === '5a000007'));
});

Deno.test('replies: several find_shifts results (one per status) merge soonest first', () => {
  const pending = FAKE_SHIFTS.filter((s) => s.status === 'Pending');
  const done = FAKE_SHIFTS.filter((s) => s.status === 'Completed');
  const merged = mergeShiftLists([list(pending, 7), list(done, 5)]);
  assert.equal(merged.total, 12);
  const starts = merged.shifts.map((s) => Date.parse(s.starts_at));
  assert.deepEqual(
    starts,
    [...starts].sort((a, b) => a - b),
  );
});

Deno.test('replies: staff details, rankings, attendance, fill and plan', () => {
  const amelia = FAKE_STAFF.find((s) => s.id === AMELIA_T)!;
  const contact = phrase({ type: 'staff', staff: amelia, aspect: 'contact' }, [], ctx);
  assert.equal(
    contact.reply,
    "1. Amelia Tremblay's contact details.\n   a. Phone: 4165550142\n   b. Email: amelia.tremblay@example.com",
  );
  assert.deepEqual(contact.references, [{ kind: 'staff', id: AMELIA_T, label: 'Amelia Tremblay' }]);

  const ranking: StaffRanking = {
    metric: 'most_accepted',
    rows: [
      { staff: { id: AMELIA_T, name: 'Amelia Tremblay' }, value: 4, shifts: 4 },
      { staff: { id: AMELIA_S, name: 'Amelia Singh' }, value: 2, shifts: 2 },
    ],
  };
  const top = phrase(
    { type: 'ranking', metric: 'most_accepted', limit: 5, order: 'top' },
    [{ name: 'staff_ranking', result: ranking }],
    ctx,
  );
  assert.equal(
    top.reply,
    '1. Amelia Tremblay accepted the most shifts: 4 shifts.\n   a. Amelia Tremblay: 4 shifts\n   b. Amelia Singh: 2 shifts',
  );
  const none = phrase(
    { type: 'ranking', metric: 'most_hours', when: LAST_WEEK, limit: 5, order: 'top' },
    [{ name: 'staff_ranking', result: { metric: 'most_hours', rows: [] } }],
    ctx,
  );
  assert.equal(none.reply, 'No shift was completed last week (Mon Nov 9 – Sun Nov 15), so nobody has hours yet.');

  const attendance = phrase(
    { type: 'attendance', aspect: 'both', when: THIS_WEEK },
    [{ name: 'attendance', result: { late: [], no_shows: [], late_total: 0, no_show_total: 0, by_staff: [] } }],
    ctx,
  );
  assert.equal(
    attendance.reply,
    '1. Nobody was more than 10 minutes late to clock in this week (Mon Nov 16 – Sun Nov 22).\n2. There were no no-shows this week (Mon Nov 16 – Sun Nov 22).',
  );

  const fill = phrase(
    { type: 'fill', aspect: 'all' },
    [
      {
        name: 'fill_stats',
        result: {
          posted: 0,
          filled: 0,
          fill_rate: null,
          median_minutes_to_fill: null,
          average_minutes_to_fill: null,
          expired_unfilled: 0,
        },
      },
    ],
    ctx,
  );
  assert.match(fill.reply, /^1\. No shifts were posted, so there is no fill rate yet\.\n2\. No shift was filled/);
  const time = phrase(
    { type: 'fill', aspect: 'time' },
    [
      {
        name: 'fill_stats',
        result: {
          posted: 4,
          filled: 3,
          fill_rate: 0.75,
          median_minutes_to_fill: 95,
          average_minutes_to_fill: 1530,
          expired_unfilled: 1,
        },
      },
    ],
    ctx,
  );
  assert.equal(
    time.reply,
    'It takes a median of 1 hr 35 mins from posting a shift to a staff member accepting it (average 1 day 1 hr 30 mins), over 3 filled shifts.',
  );

  const plan = phrase(
    { type: 'plan', aspect: 'shifts' },
    [
      {
        name: 'plan_usage',
        result: {
          premium: false,
          shifts_used: 10,
          shift_limit: 10,
          staff_count: 31,
          staff_limit: 30,
          questions_left: 0,
        },
      },
    ],
    ctx,
  );
  assert.equal(plan.reply, 'You have used 10 of the 10 shifts of the free plan, so you can post 0 more.');
});

Deno.test('replies: every staff member is listed, however many; shift lists still stop at 10', () => {
  const many: StaffSummary[] = Array.from({ length: 30 }, (_, i) => ({
    id: `staff-${i}`,
    name: `Person ${i + 1}`,
    first_name: 'Person',
    last_name: String(i + 1),
    phone: null,
    email: null,
    on_shift: false,
  }));
  const outcome = phrase(
    { type: 'staff_list', count: false },
    [{ name: 'list_staff', result: { total: 30, staff: many } }],
    ctx,
  );
  const lines = outcome.reply.split('\n');
  assert.equal(lines[0], '1. You have 30 staff members.');
  assert.equal(lines.length, 31, 'all 30, no "and N more"');
  assert.equal(lines[26], '   z. Person 26');
  assert.equal(lines[27], '   aa. Person 27', 'past z the letters go on');
  assert.equal(outcome.references.length, 30);
  const more = phrase(
    { type: 'staff_list', count: false },
    [{ name: 'list_staff', result: { total: 60, staff: [...many, ...many].slice(0, 50) } }],
    ctx,
  );
  assert.match(more.reply, /and 10 more$/, 'beyond what the tool gives, the rest are counted');
  const unrecorded = phrase(
    { type: 'staff_list', count: true, staffType: 'nurse' },
    [{ name: 'list_staff', result: { total: 0, staff: [], employed: 5, without_staff_type: 5 } }],
    ctx,
  );
  assert.equal(
    unrecorded.reply,
    "I can't tell which of your 5 staff members are nurses: none has a staff type recorded yet. Record it on each worker's page in Staff List.",
    'staff types are recorded per worker: with none recorded, say so rather than count',
  );
  const types = phrase(
    { type: 'staff_list', count: true, staffType: 'nurse' },
    [{ name: 'list_staff', result: { total: 2, staff: FAKE_STAFF.slice(0, 2), employed: 5, without_staff_type: 1 } }],
    ctx,
  );
  const [first, second] = FAKE_STAFF as [StaffSummary, StaffSummary];
  assert.equal(
    types.reply,
    '1. 2 of your 5 staff members are recorded as nurses.\n' +
      `   a. ${first.name}, ${first.phone}, ${first.email}\n` +
      `   b. ${second.name}, ${second.phone}, ${second.email}\n` +
      '2. 1 staff member has no staff type recorded, so is not counted: record it on their page in Staff List.',
  );
  const none = phrase(
    { type: 'staff_list', count: true, staffType: 'RN' },
    [{ name: 'list_staff', result: { total: 0, staff: [], employed: 5, without_staff_type: 0 } }],
    ctx,
  );
  assert.equal(none.reply, 'None of your 5 staff members is recorded as an RN.');
});

Deno.test('replies: a time to fill or accept under an hour keeps its tenth of a minute', () => {
  assert.equal(formatWait(45.93), '45.9 mins');
  assert.equal(formatWait(30), '30 mins');
  assert.equal(formatWait(7.5), '7.5 mins');
  assert.equal(formatWait(1), '1 min');
  assert.equal(formatWait(59.96), '1 hr', 'an hour or more as hr and min');
  assert.equal(formatWait(62.3), '1 hr 2 mins');
  const stats: FillStats = {
    posted: 64,
    filled: 43,
    fill_rate: 43 / 64,
    median_minutes_to_fill: 30,
    average_minutes_to_fill: 45.93,
    expired_unfilled: 7,
  };
  const time = phrase({ type: 'fill', aspect: 'time' }, [{ name: 'fill_stats', result: stats }], ctx);
  assert.equal(
    time.reply,
    'It takes a median of 30 mins from posting a shift to a staff member accepting it (average 45.9 mins), over 43 filled shifts.',
  );
  const lastMonth: When = {
    period: { from: '2026-10-01T04:00:00.000Z', before: '2026-11-01T04:00:00.000Z' },
    label: 'last month (October 2026)',
  };
  const rate = phrase({ type: 'fill', aspect: 'rate', when: lastMonth }, [{ name: 'fill_stats', result: stats }], ctx);
  assert.match(rate.reply, /^1\. Your fill rate last month \(October 2026\) was 67\.2%/, 'a period gone by: "was"');
});

Deno.test('replies: statuses asked together are each counted', () => {
  const counts: ShiftCounts = { Pending: 4, Assigned: 4, 'In-progress': 0, Completed: 0, total: 8 };
  const nextWeek: When = {
    period: { from: '2026-11-23T05:00:00.000Z', before: '2026-11-30T05:00:00.000Z' },
    label: 'next week (Mon Nov 23 – Sun Nov 29)',
  };
  const each = [
    { statuses: ['Pending' as const], word: 'pending' },
    { statuses: ['Assigned' as const], word: 'assigned' },
  ];
  const outcome = phrase(
    { type: 'counts', when: nextWeek, statuses: ['Pending', 'Assigned'], each },
    [{ name: 'shift_counts', result: counts }],
    ctx,
  );
  assert.equal(
    outcome.reply,
    'There are 4 pending shifts and 4 assigned shifts next week (Mon Nov 23 – Sun Nov 29), out of 8 in total.',
  );
  const one = phrase(
    { type: 'counts', when: nextWeek, statuses: ['Pending', 'Assigned'], each },
    [{ name: 'shift_counts', result: { ...counts, Pending: 1, Assigned: 0, total: 1 } }],
    ctx,
  );
  assert.equal(
    one.reply,
    'There is 1 pending shift and 0 assigned shifts next week (Mon Nov 23 – Sun Nov 29), out of 1 in total.',
  );
  const pending = FAKE_SHIFTS.filter((s) => s.status === 'Pending');
  const inProgress = FAKE_SHIFTS.filter((s) => s.status === 'In-progress');
  const listed = phrase(
    {
      type: 'shifts',
      statuses: ['Pending', 'In-progress'],
      statusWord: 'pending or in-progress',
      each: [each[0] as (typeof each)[number], { statuses: ['In-progress'], word: 'in-progress' }],
      count: false,
      view: 'list',
    },
    [shiftsOut(list(pending)), shiftsOut(list(inProgress))],
    ctx,
  );
  assert.match(listed.reply, /^1\. There are 5 pending or in-progress shifts: 4 pending and 1 in-progress\.\n/);
});

Deno.test("replies: open PSW shifts (status first); a staff member's own list does not repeat the name", () => {
  const open = FAKE_SHIFTS.filter((s) => s.status === 'Pending' && s.staff_type === 'PSW');
  const psw = phrase(
    { type: 'shifts', statuses: ['Pending'], statusWord: 'open', staffType: 'PSW', count: false, view: 'list' },
    [shiftsOut(list(open))],
    ctx,
  );
  assert.match(psw.reply, /^1\. There are 3 open PSW shifts\./);
  const theirs = FAKE_SHIFTS.filter((s) => s.accepted_by?.id === AMELIA_T);
  const own = phrase(
    { type: 'shifts', statuses: [], count: false, view: 'list', staff: { id: AMELIA_T, name: 'Amelia Tremblay' } },
    [shiftsOut(list(theirs))],
    ctx,
  );
  assert.equal((own.reply.match(/Amelia Tremblay/g) ?? []).length, 1, own.reply);
  assert.match(own.reply, /Assigned \(ShiftID 5a000005\)/);
});

Deno.test('replies: "Am I on the premium plan?" is answered yes or no', () => {
  const usage = {
    premium: false,
    shifts_used: 7,
    shift_limit: 10,
    staff_count: 5,
    staff_limit: 30,
    questions_left: 12,
  };
  const no = phrase({ type: 'plan', aspect: 'all', askedPremium: true }, [{ name: 'plan_usage', result: usage }], ctx);
  assert.match(no.reply, /^1\. No, you are on the free plan\./);
  const yes = phrase(
    { type: 'plan', aspect: 'all', askedPremium: true },
    [
      {
        name: 'plan_usage',
        result: { ...usage, premium: true, shift_limit: null, staff_limit: null, questions_left: null },
      },
    ],
    ctx,
  );
  assert.match(yes.reply, /^Yes, you are on the Premium plan/);
});

Deno.test('replies: who can cover, ranked with the facts of each rank, then the near misses and the rest', () => {
  const shift = FAKE_SHIFTS.find((s) => s.short_id === '5a000001')!;
  const ref = (s: StaffSummary) => ({ id: s.id, name: s.name });
  const [amelia, singh, jordan] = [AMELIA_T, AMELIA_S, JORDAN].map((id) => FAKE_STAFF.find((s) => s.id === id)!);
  const answer: CoverAnswer = {
    shift,
    matches: [],
    matches_total: 1,
    no_show: false,
    eligible_total: 2,
    eligible: [
      { staff: ref(amelia!), rank: 1, worked_here: true, distance_km: 0, week_hours: 8, flags: [] },
      { staff: ref(singh!), rank: 2, worked_here: false, distance_km: 3.4, week_hours: 40, flags: ['overtime'] },
    ],
    ineligible_total: 3,
    near_misses: [
      { staff: ref(jordan!), reason_codes: ['overlapping_shift'], reasons: ['Already has another shift at this time'] },
    ],
    near_miss_total: 1,
    near_miss_reasons: 1,
    reason_counts: [
      { code: 'credential', workers: 2, example: 'CPR/First aid expired Nov 15' },
      { code: 'overlapping_shift', workers: 1, example: 'Already has another shift at this time' },
      { code: 'no_show', workers: 1, example: 'Did not show up for this shift' },
    ],
    asked: null,
  };
  const query: Query = { type: 'cover', args: { shift_id: '5a000001' }, label: 'a shift' };
  const out = (a: CoverAnswer, q: Query = query) => phrase(q, [{ name: 'who_can_cover', result: a }], ctx);
  const ranked = out(answer);
  assert.equal(ranked.kind, 'answer');
  assert.equal(
    ranked.reply,
    [
      '1. 2 staff members can cover shift 5a000001 (Wed, Nov 18, 2026, 7:00 PM at 100 Queen Street West, Toronto, ON M5H 2N2, PSW, Personal care), best first:',
      '   a. Amelia Tremblay: worked at this address before, 8 hours this week',
      '   b. Amelia Singh: last worked 3.4 km away, 40 hours this week, would go into overtime, which this shift allows',
      '2. Near misses:',
      '   a. Jordan Singh: Already has another shift at this time',
      '3. In all, 3 staff members cannot take it: 2 lack a verified, valid credential the shift needs; 1 has another shift at that time; 1: Did not show up for this shift.',
    ].join('\n'),
  );
  assert.deepEqual(
    ranked.references.map((r) => r.label),
    ['5a000001', 'Amelia Tremblay', 'Amelia Singh', 'Jordan Singh'],
  );

  const nobody = out({ ...answer, eligible_total: 0, eligible: [], ineligible_total: 5 });
  assert.match(
    nobody.reply,
    /^1\. No one is eligible for shift 5a000001 \(.*\): 2 lack a verified, valid credential the shift needs; 1 has another shift at that time; 1: Did not show up for this shift\.\n2\. Near misses:\n {3}a\. Jordan Singh: /,
  );
  assert.equal(nobody.kind, 'answer', 'an honest "no one" is an answer');

  const asked = out(
    { ...answer, asked: { ...answer.near_misses[0]!, eligible: false, rank: null, holds_shift: false, flags: [] } },
    { ...query, asked: ref(jordan!) },
  );
  assert.match(
    asked.reply,
    /^1\. Jordan Singh cannot take shift 5a000001 \(.*\): Already has another shift at this time\.\n2\. 2 staff members can cover it, best first:/,
  );
  const yes = out(
    {
      ...answer,
      asked: {
        staff: ref(singh!),
        reason_codes: [],
        reasons: [],
        eligible: true,
        rank: 2,
        holds_shift: false,
        flags: [],
      },
    },
    { ...query, asked: ref(singh!) },
  );
  assert.match(yes.reply, /^1\. Yes, Amelia Singh can take shift 5a000001 \(.*\): 2nd of the 2 who can\./);

  const started = new Date(Date.parse(shift.starts_at) - 3600_000).toISOString();
  const noShow = out({
    ...answer,
    no_show: true,
    shift: { ...shift, starts_at: started, status: 'Assigned', accepted_by: ref(amelia!), accepted_at: started },
  });
  assert.match(
    noShow.reply,
    /^1\. Amelia Tremblay accepted shift 5a000001 \(.*\) and has not clocked in: it started at 6:00 PM\.\n2\. 2 staff members can cover it/,
  );

  const ended = out({
    ...answer,
    no_show: true,
    shift: { ...shift, ends_at: '2026-11-18T17:00:00.000Z', accepted_by: ref(amelia!) },
  });
  assert.equal(ended.kind, 'answer');
  assert.match(
    ended.reply,
    /ended Wed, Nov 18, 2026, 12:00 PM: there is nothing left to cover\. Amelia Tremblay did not clock in to it\.$/,
  );
});

Deno.test('replies: who can cover, when no shift or several fit the question', () => {
  const none: CoverAnswer = {
    shift: null,
    matches: [],
    matches_total: 0,
    no_show: false,
    eligible_total: 0,
    eligible: [],
    ineligible_total: 0,
    near_misses: [],
    near_miss_total: 0,
    near_miss_reasons: null,
    reason_counts: [],
    asked: null,
  };
  const described: Query = {
    type: 'cover',
    args: { address: '9 Nowhere Rd' },
    label: 'a shift at 9 Nowhere Rd that has not ended',
  };
  const out = (a: CoverAnswer, q: Query = described) => phrase(q, [{ name: 'who_can_cover', result: a }], ctx);
  assert.deepEqual(out(none), {
    kind: 'clarify',
    reply:
      'I could not find a shift at 9 Nowhere Rd that has not ended to cover. Send me its ShiftID, or its address and day.',
    references: [],
  });
  assert.match(out(none, { ...described, args: { shift_id: 'abcdef12' } }).reply, /ShiftID starts with abcdef12/);
  const two = FAKE_SHIFTS.filter((s) => s.address.startsWith('100 Queen')).slice(0, 2);
  const several = out({ ...none, matches: two, matches_total: 2 });
  assert.equal(several.kind, 'clarify');
  assert.match(
    several.reply,
    /^1\. 2 shifts fit: which one should I find cover for\?\n {3}a\. .*\(ShiftID \w{8}\)\n {3}b\. .*\n2\. Send me its letter or its ShiftID\.$/,
  );
});
