import { describe, expect, it } from 'vitest';
import { durationParts, type DurationParts } from './duration.ts';
import { wallClockToUtcIso } from './zoned-time.ts';

describe('durationParts between instants', () => {
  it('counts whole minutes and 24-hour days', () => {
    expect(durationParts('2026-05-01T13:00:00Z', '2026-05-02T15:30:00Z')).toEqual({ days: 1, hours: 2, minutes: 30 });
    expect(durationParts('2026-05-01T13:00:00Z', '2026-05-01T13:00:59Z')).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(durationParts(new Date('2026-05-01T13:00:00Z'), new Date('2026-05-01T14:01:00Z'))).toEqual({
      days: 0,
      hours: 1,
      minutes: 1,
    });
  });

  it('is null when the end is not after the start or a value is not a date', () => {
    expect(durationParts('2026-05-01T13:00:00Z', '2026-05-01T13:00:00Z')).toBeNull();
    expect(durationParts('2026-05-01T14:00:00Z', '2026-05-01T13:00:00Z')).toBeNull();
    expect(durationParts('not a date', '2026-05-01T13:00:00Z')).toBeNull();
  });
});

// The parts as SPEC §9 labels them, to read the cases below at a glance.
const words = (parts: DurationParts | null): string =>
  parts
    ? [
        parts.days ? `${parts.days} day${parts.days === 1 ? '' : 's'}` : '',
        parts.hours ? `${parts.hours} hr${parts.hours === 1 ? '' : 's'}` : '',
        parts.minutes ? `${parts.minutes} min${parts.minutes === 1 ? '' : 's'}` : '',
      ]
        .filter(Boolean)
        .join(' ') || '0 mins'
    : '-';

describe('shift durations in company time zones', () => {
  const between = (start: string, end: string, zone: string) =>
    words(durationParts(wallClockToUtcIso(start, zone) ?? '', wallClockToUtcIso(end, zone) ?? ''));

  it.each(['America/Toronto', 'America/Vancouver'])('an overnight shift across midnight in %s', (zone) => {
    expect(between('2026-06-10 22:00:00', '2026-06-11 06:00:00', zone)).toBe('8 hrs');
    expect(between('2026-06-10 23:30:00', '2026-06-11 00:15:00', zone)).toBe('45 mins');
    expect(between('2026-06-10 00:00:00', '2026-06-11 00:00:00', zone)).toBe('1 day');
  });

  it.each(['America/Toronto', 'America/Vancouver'])('the spring-forward night in %s is an hour shorter', (zone) => {
    // 8 March 2026, 02:00 → 03:00.
    expect(between('2026-03-07 22:00:00', '2026-03-08 06:00:00', zone)).toBe('7 hrs');
    expect(between('2026-03-07 08:00:00', '2026-03-08 08:00:00', zone)).toBe('23 hrs');
    expect(between('2026-03-08 01:30:00', '2026-03-08 03:30:00', zone)).toBe('1 hr');
  });

  it.each(['America/Toronto', 'America/Vancouver'])('the fall-back night in %s is an hour longer', (zone) => {
    // 1 November 2026, 02:00 → 01:00.
    expect(between('2026-10-31 22:00:00', '2026-11-01 06:00:00', zone)).toBe('9 hrs');
    expect(between('2026-10-31 08:00:00', '2026-11-01 08:00:00', zone)).toBe('1 day 1 hr');
  });
});
