import { describe, expect, it } from 'vitest';
import {
  boardTimeOffWindow,
  describeBoardPeriod,
  timeOffByWorker,
  workerName,
  type BoardTimeOffPeriod,
} from './board-time-off.ts';

const NOW = Date.parse('2026-11-26T15:00:00Z');
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();
const period = (id: string, staff: string, first: string, from: number, to: number): BoardTimeOffPeriod => ({
  id,
  staff_id: staff,
  first_name: first,
  last_name: 'Tester',
  starts_at: at(from),
  ends_at: at(to),
  repeats_weekly: false,
  repeat_until: null,
  time_zone: 'America/Toronto',
  note: null,
  next_starts_at: at(from),
  next_ends_at: at(to),
});

describe('time off on the board', () => {
  it('looks 7 days ahead from now', () => {
    expect(boardTimeOffWindow(NOW)).toEqual({ from: '2026-11-26T15:00:00.000Z', to: '2026-12-03T15:00:00.000Z' });
  });

  it('groups periods per worker, the soonest worker first, and says who is off now', () => {
    const grouped = timeOffByWorker(
      [period('b', 'sam', 'Sam', 48, 56), period('a', 'wendy', 'Wendy', 24, 32), period('c', 'sam', 'Sam', -1, 2)],
      NOW,
    );
    expect(grouped.map((w) => [w.name, w.periods.map((p) => p.id), w.isOffNow])).toEqual([
      ['Sam Tester', ['c', 'b'], true],
      ['Wendy Tester', ['a'], false],
    ]);
  });

  it('a period that ends now is over', () => {
    expect(timeOffByWorker([period('a', 'wendy', 'Wendy', -2, 0)], NOW)[0]?.isOffNow).toBe(false);
  });

  it('names a worker with no name plainly', () => {
    expect(workerName({ first_name: '', last_name: ' ' })).toBe('Unnamed staff member');
  });

  it('describes a period in the company zone, and says when it repeats weekly', () => {
    const oneOff = period('a', 'wendy', 'Wendy', 3, 11);
    expect(describeBoardPeriod(oneOff, 'America/Toronto')).toBe('Thu, Nov 26, 1:00 PM – 9:00 PM');
    expect(describeBoardPeriod(period('b', 'wendy', 'Wendy', 3, 30), 'America/Toronto')).toBe(
      'Thu, Nov 26, 1:00 PM – Fri, Nov 27, 4:00 PM',
    );
    const weekly = { ...oneOff, repeats_weekly: true, next_starts_at: at(24 * 7 + 3), next_ends_at: at(24 * 7 + 11) };
    expect(describeBoardPeriod(weekly, 'America/Toronto')).toBe('Thu, Dec 3, 1:00 PM – 9:00 PM, weekly');
    expect(describeBoardPeriod({ ...weekly, repeat_until: '2027-04-01T04:00:00Z' }, 'America/Toronto')).toBe(
      'Thu, Dec 3, 1:00 PM – 9:00 PM, weekly until Mar 31, 2027',
    );
  });
});
