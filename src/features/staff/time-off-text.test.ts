import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import type { TimeOffPeriod } from '@shared/lib/time-off.ts';
import { describeTimeOff } from './time-off-text.ts';
import { t } from '../../i18n/testing.ts';

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
const PERIODS: [name: string, period: TimeOffPeriod, viewerZone: string][] = [
  ['one day', period({}), TORONTO],
  ['one day, another zone', period({}), 'America/Vancouver'],
  ['several days', period({ ends_at: '2026-11-29T23:00:00Z' }), TORONTO],
  [
    'weekly until',
    period({
      starts_at: '2027-03-02T14:00:00Z',
      ends_at: '2027-03-02T22:00:00Z',
      repeats_weekly: true,
      repeat_until: '2027-04-01T04:00:00Z',
    }),
    TORONTO,
  ],
  ['weekly in another zone', period({ repeats_weekly: true, time_zone: 'America/Vancouver' }), TORONTO],
  [
    'weekly overnight',
    period({ starts_at: '2026-11-28T03:00:00Z', ends_at: '2026-11-28T12:00:00Z', repeats_weekly: true }),
    TORONTO,
  ],
];

afterEach(() => {
  i18n.activate('en');
});

describe('a worker’s time off on their page', () => {
  it('reads in English as it always did', () => {
    expect(PERIODS.map(([, p, zone]) => describeTimeOff(p, zone, t, 'en'))).toEqual([
      'Fri, Nov 27, 9:00 AM – 5:00 PM',
      'Fri, Nov 27, 6:00 AM – 2:00 PM',
      'Fri, Nov 27, 9:00 AM – Sun, Nov 29, 6:00 PM',
      'Every Tuesday, 9:00 AM – 5:00 PM, until Mar 31, 2027',
      'Every Friday, 6:00 AM – 2:00 PM (America/Vancouver time)',
      'Every Friday, 10:00 PM – Saturday 7:00 AM',
    ]);
    const weekly = PERIODS[3]![1];
    expect(describeTimeOff({ ...weekly, repeat_until: null }, TORONTO, t, 'en')).toBe(
      'Every Tuesday, 9:00 AM – 5:00 PM',
    );
  });

  it('reads in Quebec French', () => {
    i18n.activate('fr-CA');
    const [one, other, several, until, zoned, overnight] = PERIODS.map(([, p, zone]) =>
      describeTimeOff(p, zone, t, 'fr-CA'),
    );
    expect(one).toBe('ven. 27 nov., 9 h 00 – 17 h 00');
    expect(other).toBe('ven. 27 nov., 6 h 00 – 14 h 00');
    expect(several).toBe('ven. 27 nov., 9 h 00 – dim. 29 nov., 18 h 00');
    expect(until).toBe('Chaque mardi, 9 h 00 – 17 h 00, jusqu’au 31 mars 2027');
    expect(zoned).toBe('Chaque vendredi, 6 h 00 – 14 h 00 (fuseau horaire America/Vancouver)');
    expect(overnight).toBe('Chaque vendredi, 22 h 00 – samedi 7 h 00');
  });
});
