import { describe, expect, it } from 'vitest';
import { utcToWallClock, wallClockToUtcIso } from './zoned-time.ts';

describe('wallClockToUtcIso', () => {
  it('reads the time in the company zone, not the browser zone', () => {
    expect(wallClockToUtcIso('2026-06-10 09:00:00', 'America/Toronto')).toBe('2026-06-10T13:00:00.000Z');
    expect(wallClockToUtcIso('2026-06-10 09:00:00', 'America/Vancouver')).toBe('2026-06-10T16:00:00.000Z');
    expect(wallClockToUtcIso('2026-01-10 09:00', 'America/Toronto')).toBe('2026-01-10T14:00:00.000Z');
  });

  it('handles the change nights', () => {
    expect(wallClockToUtcIso('2026-03-08 01:30:00', 'America/Toronto')).toBe('2026-03-08T06:30:00.000Z');
    expect(wallClockToUtcIso('2026-03-08 03:30:00', 'America/Toronto')).toBe('2026-03-08T07:30:00.000Z');
    expect(wallClockToUtcIso('2026-11-01 03:00:00', 'America/Vancouver')).toBe('2026-11-01T11:00:00.000Z');
  });

  it('is null for empty or malformed values', () => {
    expect(wallClockToUtcIso('', 'America/Toronto')).toBeNull();
    expect(wallClockToUtcIso('tomorrow', 'America/Toronto')).toBeNull();
  });
});

describe('utcToWallClock', () => {
  it('shows an instant as the company zone clock', () => {
    expect(utcToWallClock('2026-06-10T13:00:00Z', 'America/Toronto')).toBe('2026-06-10 09:00:00');
    expect(utcToWallClock(new Date('2026-06-10T13:00:00Z'), 'America/Vancouver')).toBe('2026-06-10 06:00:00');
  });
});
