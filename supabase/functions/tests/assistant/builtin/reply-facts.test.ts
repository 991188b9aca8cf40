// What a reply says whatever its language (reply-facts.ts): the facts replies.ts's English and
// replies-fr*.ts's French both state.
import assert from 'node:assert/strict';
import {
  attendanceLeaders,
  availability,
  bottomRows,
  everyShift,
  idleStaff,
  inThisWeek,
  isPastPeriod,
  statusGroupTotals,
  tiedFirst,
  whoWorks,
} from '../../../assistant/builtin/reply-facts.ts';
import {
  AMELIA_S,
  AMELIA_T,
  createFakeTools,
  FAKE_NOW,
  FAKE_SHIFTS,
  FAKE_STAFF,
  FAKE_TZ,
  JORDAN,
  NOAH,
} from './fake-tools.ts';

const week = { from: '2026-11-16T05:00:00.000Z', before: '2026-11-23T05:00:00.000Z' };

Deno.test('reply-facts: who works, apart from the missed and the open shifts', () => {
  const shifts = FAKE_SHIFTS.filter((s) => s.starts_at >= week.from && s.starts_at < week.before);
  const { people, notClockedIn, open } = whoWorks({ total: shifts.length, shifts }, FAKE_NOW);
  assert.deepEqual(
    people.map((p) => p[0]?.accepted_by?.name),
    ['Amelia Tremblay', 'Jordan Singh'],
  );
  assert.deepEqual(
    notClockedIn.map((s) => s.short_id),
    ['5a000013'],
    'accepted, started, never clocked in',
  );
  assert.equal(open.length, 3);
  assert.ok(isPastPeriod({ period: { before: week.from }, label: '' }, FAKE_NOW));
  assert.ok(!isPastPeriod({ period: week, label: '' }, FAKE_NOW));
  assert.ok(
    inThisWeek('2026-11-22T20:00:00.000Z', FAKE_TZ, FAKE_NOW) &&
      !inThisWeek('2026-11-23T14:00:00.000Z', FAKE_TZ, FAKE_NOW),
  );
  assert.deepEqual(
    statusGroupTotals(
      {
        type: 'shifts',
        statuses: ['Pending', 'Assigned'],
        each: [
          { statuses: ['Pending'], word: 'pending' },
          { statuses: ['Assigned'], word: 'assigned' },
        ],
        count: false,
        view: 'list',
      },
      [
        { total: 4, shifts: [] },
        { total: 2, shifts: [] },
      ],
    ),
    [4, 2],
  );
});

Deno.test('reply-facts: a staff member’s shifts, rankings, who is free, who accepted nothing', async () => {
  const jordan = await createFakeTools().run('staff_details', { staff_id: JORDAN });
  assert.deepEqual(
    everyShift(jordan).map((s) => s.short_id),
    ['5a000006', '5a000007', '5a000012'],
    'upcoming first, then the past newest first, each once',
  );
  const rows = [
    { staff: { id: AMELIA_T, name: 'Amelia Tremblay' }, value: 4, shifts: 4 },
    { staff: { id: AMELIA_S, name: 'Amelia Singh' }, value: 4, shifts: 2 },
    { staff: { id: JORDAN, name: 'Jordan Singh' }, value: 1, shifts: 1 },
  ];
  assert.equal(tiedFirst(rows).length, 2);
  assert.equal(tiedFirst(rows, 'shifts').length, 1);
  const bottom = bottomRows({ type: 'ranking', metric: 'most_accepted', limit: 5, order: 'bottom' }, rows, {
    total: FAKE_STAFF.length,
    staff: FAKE_STAFF,
  });
  assert.deepEqual(
    bottom.slice(0, 3).map((r) => [r.staff.name, r.value]),
    [
      ['Marie-Ève Côté', 0],
      ['Noah Williams', 0],
      ['Jordan Singh', 1],
    ],
  );
  const idle = idleStaff({ total: FAKE_STAFF.length, staff: FAKE_STAFF }, { metric: 'most_accepted', rows });
  assert.deepEqual(idle.map((s) => s.id).includes(NOAH), true);
  const tomorrow = FAKE_SHIFTS.filter((s) => s.starts_at.startsWith('2026-11-19'));
  const free = availability(
    { type: 'available', when: { period: {}, label: '' } },
    { total: FAKE_STAFF.length, staff: FAKE_STAFF },
    { total: tomorrow.length, shifts: tomorrow },
    FAKE_NOW,
  );
  assert.ok(!free.free.some((s) => s.id === AMELIA_T), 'she works tomorrow');
  const attendance = await createFakeTools().run('attendance', {});
  assert.deepEqual(attendanceLeaders({ type: 'attendance', aspect: 'both', rank: true }, attendance), {
    staff: [{ id: AMELIA_S, name: 'Amelia Singh' }],
    times: 2,
  });
});
