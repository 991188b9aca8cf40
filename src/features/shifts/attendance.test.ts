import { describe, expect, it } from 'vitest';
import { clockedMinutes, formatMinutes, suggestedTimeDone, timeDoneCheck, timeDoneCheckText } from './attendance.ts';
import { inFrench, t } from '../../i18n/testing.ts';

const en = { t, locale: 'en' as const };
const fr = { t, locale: 'fr-CA' as const };

const shift = (clockedOut: string | null, timeDone: string | null, minutes: number | null) => ({
  clocked_in_at: '2026-03-10T13:00:00Z',
  clocked_out_at: clockedOut,
  time_done: timeDone,
  time_done_minutes: minutes,
});

describe('attendance checks', () => {
  it('measures the clocked span only once both clock times exist', () => {
    expect(clockedMinutes(shift(null, null, null))).toBeNull();
    expect(clockedMinutes(shift('2026-03-10T21:02:30Z', '8 hrs', 480))).toBe(482);
  });

  it('flags 8 hours done after 2 clocked minutes, and an unreadable Time Done', () => {
    const differs = timeDoneCheck(shift('2026-03-10T13:02:00Z', '8 hours', 480));
    expect(differs).toEqual({ kind: 'differs', clockedMinutes: 2, enteredMinutes: 480 });
    expect(timeDoneCheckText(differs!, en)).toBe('Clocked 2 mins: differs by more than 15 mins');
    const unreadable = timeDoneCheck(shift('2026-03-10T21:31:00Z', 'full shift', null));
    expect(timeDoneCheckText(unreadable!, en)).toBe(
      'Clocked 8 hrs 31 mins: could not be compared with the clocked time',
    );
  });

  it('accepts up to 15 minutes either way, and judges nothing before the clock-out', () => {
    expect(timeDoneCheck(shift('2026-03-10T21:15:00Z', '8 hrs', 480))).toBeNull();
    expect(timeDoneCheck(shift('2026-03-10T20:45:00Z', '8 hrs', 480))).toBeNull();
    expect(timeDoneCheck(shift('2026-03-10T21:15:01Z', '8 hrs', 480))).not.toBeNull();
    expect(timeDoneCheck(shift(null, null, null))).toBeNull();
  });

  it('suggests the time since the clock-in in words the database reads back', () => {
    expect(suggestedTimeDone('2026-03-10T13:00:00Z', new Date('2026-03-10T20:58:40Z'), en)).toBe('7 hrs 58 mins');
    expect(suggestedTimeDone(null, new Date(), en)).toBe('');
    expect(suggestedTimeDone('2026-03-10T13:00:00Z', new Date('2026-03-10T12:00:00Z'), en)).toBe('');
    expect(formatMinutes(0, en)).toBe('less than 1 min');
    expect(formatMinutes(1505, en)).toBe('1 day 1 hr 5 mins');
  });

  it('says it all in French, and suggests hours the database can read (no days)', () => {
    inFrench(() => {
      const differs = timeDoneCheck(shift('2026-03-10T13:02:00Z', '8 hours', 480));
      expect(timeDoneCheckText(differs!, fr)).toBe('2 min pointées\u00a0: écart de plus de 15 min');
      const unreadable = timeDoneCheck(shift('2026-03-10T21:31:00Z', 'full shift', null));
      expect(timeDoneCheckText(unreadable!, fr)).toBe(
        '8 h 31 min pointées\u00a0: impossible de comparer avec le temps pointé',
      );
      expect(suggestedTimeDone('2026-03-10T13:00:00Z', new Date('2026-03-10T20:58:40Z'), fr)).toBe('7 h 58 min');
      expect(suggestedTimeDone('2026-03-10T13:00:00Z', new Date('2026-03-11T15:05:00Z'), fr)).toBe('26 h 5 min');
      expect(formatMinutes(0, fr)).toBe('moins d’une minute');
    });
  });
});
