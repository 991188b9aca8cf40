import { describe, expect, it } from 'vitest';
import { formatShiftLength, formatShiftWhen } from './shift-time.ts';

describe('shift times', () => {
  it('reads a day shift in its agency’s zone', () => {
    const text = formatShiftWhen('2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z', 'America/Toronto');
    expect(text).toMatch(/^Tue, Nov 24, 9:00 AM – 5:00 PM( EST)?$/);
  });

  it('names the end day of an overnight shift', () => {
    const text = formatShiftWhen('2026-11-25T03:00:00Z', '2026-11-25T11:00:00Z', 'America/Vancouver');
    expect(text).toMatch(/^Tue, Nov 24, 7:00 PM – Wed, Nov 25, 3:00 AM( PST)?$/);
  });

  it('says the length in hours and minutes', () => {
    expect(formatShiftLength('2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z')).toBe('8 hrs');
    expect(formatShiftLength('2026-11-24T14:00:00Z', '2026-11-24T15:31:00Z')).toBe('1 hr 31 mins');
    expect(formatShiftLength('2026-11-24T14:00:00Z', '2026-11-24T14:45:00Z')).toBe('45 mins');
  });
});
