import { describe, expect, it } from 'vitest';
import {
  clockedInLabel,
  clockedOutLabel,
  formatZonedTime,
  orMissing,
  shiftDurationLabel,
  shiftLocation,
  staffNameLabel,
  timeOrMissing,
} from './shift-display.ts';

describe('formatZonedTime', () => {
  const instant = '2026-11-21T15:30:00Z';

  it('shows the instant in the company time zone, whatever zone the browser is in', () => {
    expect(formatZonedTime(instant, 'America/Toronto')).toBe('Nov 21, 2026, 10:30 AM');
    expect(formatZonedTime(instant, 'America/Vancouver')).toBe('Nov 21, 2026, 7:30 AM');
    expect(formatZonedTime(instant, 'America/St_Johns')).toBe('Nov 21, 2026, 12:00 PM');
    expect(formatZonedTime(instant, 'UTC')).toBe('Nov 21, 2026, 3:30 PM');
  });

  it('moves the date across midnight and follows daylight saving time', () => {
    expect(formatZonedTime('2026-11-22T02:15:00Z', 'America/Los_Angeles')).toBe('Nov 21, 2026, 6:15 PM');
    expect(formatZonedTime('2026-07-01T16:00:00Z', 'America/Toronto')).toBe('Jul 1, 2026, 12:00 PM');
    expect(formatZonedTime('2026-01-01T16:00:00Z', 'America/Toronto')).toBe('Jan 1, 2026, 11:00 AM');
    // Regina keeps standard time all year.
    expect(formatZonedTime('2026-07-01T16:00:00Z', 'America/Regina')).toBe('Jul 1, 2026, 10:00 AM');
  });

  it('reads database timestamps with an offset', () => {
    expect(formatZonedTime('2026-11-21 15:30:00+00', 'America/Toronto')).toBe('Nov 21, 2026, 10:30 AM');
  });

  it('gives null for missing or unreadable values and falls back to UTC for an unknown zone', () => {
    expect(formatZonedTime(null, 'America/Toronto')).toBeNull();
    expect(formatZonedTime('', 'America/Toronto')).toBeNull();
    expect(formatZonedTime('not a date', 'America/Toronto')).toBeNull();
    expect(formatZonedTime(instant, 'Mars/Olympus')).toBe('Nov 21, 2026, 3:30 PM');
  });
});

describe('display fallbacks (SPEC §8)', () => {
  it("shows '-' for missing values", () => {
    expect(orMissing(null)).toBe('-');
    expect(orMissing(undefined)).toBe('-');
    expect(orMissing('  ')).toBe('-');
    expect(orMissing('8 hours')).toBe('8 hours');
    expect(timeOrMissing(null, 'America/Toronto')).toBe('-');
  });

  it("shows 'Not Clocked In' and 'Not Clocked Out' for missing clock times", () => {
    expect(clockedInLabel({ clocked_in_at: null }, 'UTC')).toBe('Not Clocked In');
    expect(clockedOutLabel({ clocked_out_at: null }, 'UTC')).toBe('Not Clocked Out');
    expect(clockedInLabel({ clocked_in_at: '2026-11-21T15:30:00Z' }, 'UTC')).toBe('Nov 21, 2026, 3:30 PM');
    expect(clockedOutLabel({ clocked_out_at: '2026-11-21T15:30:00Z' }, 'UTC')).toBe('Nov 21, 2026, 3:30 PM');
  });

  it("names the accepting worker, 'Loading...' until known and 'N/A' without one", () => {
    const names = new Map<string, string | null>([
      ['a', 'Ada Lovelace'],
      ['gone', null],
      ['blank', ' '],
    ]);
    expect(staffNameLabel(null, names)).toBe('N/A');
    expect(staffNameLabel('a', names)).toBe('Ada Lovelace');
    expect(staffNameLabel('b', names)).toBe('Loading...');
    expect(staffNameLabel('gone', names)).toBe('N/A');
    expect(staffNameLabel('blank', names)).toBe('N/A');
  });

  it('joins the address and shows the duration', () => {
    expect(
      shiftLocation({
        street_number: '12',
        street_name: 'King St W',
        city: 'Toronto',
        province: 'ON',
        postal_code: 'M5H 1A1',
      }),
    ).toBe('12 King St W, Toronto, ON M5H 1A1');
    expect(shiftLocation({ street_number: '', street_name: '', city: '', province: '', postal_code: '' })).toBe('-');
    expect(shiftDurationLabel({ starts_at: '2026-11-21T09:00:00Z', ends_at: '2026-11-22T11:30:00Z' })).toBe(
      '1 day 2 hrs 30 mins',
    );
    expect(shiftDurationLabel({ starts_at: '2026-11-21T09:00:00Z', ends_at: '2026-11-21T09:00:00Z' })).toBe('-');
  });
});
