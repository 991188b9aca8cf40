import { describe, expect, it } from 'vitest';
import { isCurrentOrUpcoming, upcomingTimeOff, type TimeOffPeriod } from './time-off.ts';

const TORONTO = 'America/Toronto';
const period = (overrides: Partial<TimeOffPeriod>): TimeOffPeriod => ({
  id: 'p',
  starts_at: '2026-11-27T14:00:00Z', // Fri 9:00 AM in Toronto
  ends_at: '2026-11-27T22:00:00Z', // 5:00 PM
  repeats_weekly: false,
  repeat_until: null,
  time_zone: TORONTO,
  note: null,
  ...overrides,
});

describe('upcoming time off', () => {
  const now = new Date('2026-11-28T12:00:00Z');

  it('keeps one-off periods that have not ended and weekly ones not yet over, soonest first', () => {
    const ended = period({ id: 'ended' });
    const later = period({ id: 'later', starts_at: '2026-12-05T14:00:00Z', ends_at: '2026-12-05T22:00:00Z' });
    const ongoing = period({ id: 'ongoing', starts_at: '2026-11-28T10:00:00Z', ends_at: '2026-11-29T10:00:00Z' });
    const weekly = period({ id: 'weekly', repeats_weekly: true });
    const weeklyOver = period({ id: 'over', repeats_weekly: true, repeat_until: '2026-11-28T00:00:00Z' });
    expect(upcomingTimeOff([later, ended, weeklyOver, ongoing, weekly], now).map((p) => p.id)).toEqual([
      'weekly',
      'ongoing',
      'later',
    ]);
    expect(isCurrentOrUpcoming(ended, now)).toBe(false);
  });
});
