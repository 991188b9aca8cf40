/** The scripted model's wording of tool results: deterministic, numbered, no markdown. */
import { describe, expect, it } from 'vitest';
import { NOTHING_FOUND, renderResults, renderTemplate } from './model.ts';

const shift = (shortId: string) => ({
  id: `${shortId}-0000-4000-8000-000000000000`,
  short_id: shortId,
  status: 'Assigned',
  starts_local: 'Sun, Nov 22, 2026, 9:00 AM',
  address: '100 Queen St W, Toronto',
  accepted_by: { id: 's1', name: 'Amelia Tremblay' },
  duration_minutes: 480,
});

describe('scripted model rendering', () => {
  it('lists ranking rows, lateness and staff with their numbers', () => {
    const text = renderResults([
      {
        name: 'staff_ranking',
        value: {
          metric: 'most_accepted',
          rows: [
            { staff: { id: 's1', name: 'Amelia Tremblay' }, value: 5, shifts: 5 },
            { staff: { id: 's2', name: 'Jordan Lee' }, value: 3, shifts: 3 },
          ],
        },
      },
      { name: 'attendance', value: { late: [{ shift: shift('a1b2c3d4'), minutes_late: 25 }], no_shows: [] } },
      { name: 'list_staff', value: { total: 1, staff: [{ id: 's2', name: 'Jordan Lee', on_shift: true }] } },
    ]);
    expect(text).toBe(
      [
        '1. 2 found',
        '   a. Amelia Tremblay, Value 5, Shifts 5',
        '   b. Jordan Lee, Value 3, Shifts 3',
        '2. 1 found',
        '   a. Shift a1b2c3d4, Assigned, Sun, Nov 22, 2026, 9:00 AM, 100 Queen St W, Toronto, accepted by Amelia Tremblay, Minutes late 25',
        '3. Total 1',
        '   a. Jordan Lee, on shift',
      ].join('\n'),
    );
    expect(text).not.toMatch(/[*#|`]/);
  });

  it('shows a page of 25 items at most, says when a list was cut, and says when nothing was found', () => {
    const shifts = Array.from({ length: 29 }, (_, i) => shift(`a00000${i.toString(16).padStart(2, '0')}`));
    const text = renderResults([
      { name: 'find_shifts', value: { total: 400, shifts, note: 'This result was cut to fit.' } },
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toBe('1. Total 400');
    expect(lines).toHaveLength(1 + 25 + 1);
    expect(lines[25]).toMatch(/^ {3}y\. Shift a0000018, /);
    expect(lines[26]).toBe('   z. and 5 more');
    expect(renderResults([])).toBe(NOTHING_FOUND);
    expect(renderResults([{ name: 'find_staff', value: { matches: [] } }])).toBe(`1. ${NOTHING_FOUND}`);
  });

  it("shows a shift's staff type and skill, a staff member's contact details, and rates as percentages", () => {
    const text = renderResults([
      {
        name: 'shift_details',
        value: { matches: [{ ...shift('a1b2c3d4'), staff_type: 'PSW', skill: 'Dementia care' }] },
      },
      {
        name: 'find_staff',
        value: {
          matches: [{ id: 's2', name: 'Jordan Lee', phone: '4165550100', email: 'jordan@example.com', score: 1 }],
        },
      },
      { name: 'fill_stats', value: { posted: 9, filled: 5, fill_rate: 0.5556, expired_unfilled: 0 } },
    ]);
    expect(text).toBe(
      [
        '1. 1 found',
        '   a. Shift a1b2c3d4, Assigned, PSW, Dementia care, Sun, Nov 22, 2026, 9:00 AM, 100 Queen St W, Toronto, accepted by Amelia Tremblay',
        '2. 1 found',
        '   a. Jordan Lee, 4165550100, jordan@example.com',
        '3. Posted 9, Filled 5, Fill rate 55.6%, Expired unfilled 0',
      ].join('\n'),
    );
  });

  it("shows the sentences an item lists (who_can_cover's reasons) and a reason count's example", () => {
    const text = renderResults([
      {
        name: 'who_can_cover',
        value: {
          eligible_total: 1,
          eligible: [{ staff: { id: 's1', name: 'Amelia Tremblay' }, rank: 1, week_hours: 8, flags: [] }],
          near_misses: [
            {
              staff: { id: 's2', name: 'Jordan Lee' },
              reason_codes: ['credential', 'time_off'],
              reasons: ['CPR/First aid expired Nov 15', 'Has time off on Nov 19'],
            },
          ],
          reason_counts: [{ code: 'credential', workers: 1, example: 'CPR/First aid expired Nov 15' }],
        },
      },
    ]);
    expect(text).toBe(
      [
        '1. Eligible total 1',
        '   a. Amelia Tremblay, Rank 1, Week hours 8',
        '   b. Jordan Lee, CPR/First aid expired Nov 15; Has time off on Nov 19',
        '   c. CPR/First aid expired Nov 15, Workers 1',
      ].join('\n'),
    );
  });

  it('fills templates from the latest result of each tool', () => {
    const outputs = [
      { name: 'fill_stats', value: { posted: 10, filled: 8, fill_rate: 0.8 } },
      { name: 'find_shifts', value: { total: 2, shifts: [shift('a1b2c3d4'), shift('e5f6a7b8')] } },
    ];
    expect(
      renderTemplate(
        '{{fill_stats.filled}} of {{fill_stats.posted}} filled ({{ fill_stats.fill_rate }}); {{find_shifts.shifts.*.short_id}}; {{nope.x}}.',
        outputs,
      ),
    ).toBe('8 of 10 filled (0.8); a1b2c3d4, e5f6a7b8; .');
    expect(renderTemplate('Here:\n{{results}}', outputs.slice(0, 1))).toBe(
      'Here:\n1. Posted 10, Filled 8, Fill rate 80%',
    );
  });
});
