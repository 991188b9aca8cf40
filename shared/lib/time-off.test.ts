import { describe, expect, it } from 'vitest';
import { describeTimeOff, isCurrentOrUpcoming, upcomingTimeOff, type TimeOffPeriod } from './time-off.ts';

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

describe('describeTimeOff', () => {
  it('writes a one-off period on one day with its hours, in the viewer’s zone', () => {
    expect(describeTimeOff(period({}), TORONTO)).toBe('Fri, Nov 27, 9:00 AM – 5:00 PM');
    expect(describeTimeOff(period({}), 'America/Vancouver')).toBe('Fri, Nov 27, 6:00 AM – 2:00 PM');
  });

  it('names both days of a period that spans days', () => {
    expect(describeTimeOff(period({ ends_at: '2026-11-29T23:00:00Z' }), TORONTO)).toBe(
      'Fri, Nov 27, 9:00 AM – Sun, Nov 29, 6:00 PM',
    );
  });

  it('writes a weekly period by weekday, with its last day, at its own wall-clock hours after DST', () => {
    const weekly = period({
      starts_at: '2027-03-02T14:00:00Z', // Tue 9:00 AM EST
      ends_at: '2027-03-02T22:00:00Z',
      repeats_weekly: true,
      repeat_until: '2027-04-01T04:00:00Z', // Apr 1, 00:00 EDT: the last day is Mar 31
    });
    expect(describeTimeOff(weekly, TORONTO)).toBe('Every Tuesday, 9:00 AM – 5:00 PM, until Mar 31, 2027');
    expect(describeTimeOff({ ...weekly, repeat_until: null }, TORONTO)).toBe('Every Tuesday, 9:00 AM – 5:00 PM');
  });

  it('names the zone of a weekly period whose hours belong to another zone', () => {
    const weekly = period({ repeats_weekly: true, time_zone: 'America/Vancouver' });
    expect(describeTimeOff(weekly, TORONTO)).toBe('Every Friday, 6:00 AM – 2:00 PM (America/Vancouver time)');
  });

  it('writes an overnight weekly period with the day it ends', () => {
    const night = period({ starts_at: '2026-11-28T03:00:00Z', ends_at: '2026-11-28T12:00:00Z', repeats_weekly: true });
    expect(describeTimeOff(night, TORONTO)).toBe('Every Friday, 10:00 PM – Saturday 7:00 AM');
  });
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
