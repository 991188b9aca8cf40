import type { AllMessages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';
import english from '../../i18n/en.json';
import french from '../../i18n/fr-CA.json';
import {
  addDays,
  buildTimeOff as buildIn,
  currentOrNext,
  describeTimeOff as describeIn,
  EMPTY_DRAFT,
  upcomingTimeOff,
  type TimeOff,
  type TimeOffDraft,
} from './time-off-period.ts';

// The unit project compiles catalogues as the app's build does.
i18n.load({ en: english, 'fr-CA': french } as unknown as AllMessages);
i18n.activate('en');
const t = ((key, values) => i18n._(key, values)) as Translate<StaffKey>;
/** In English unless a test asks for French. */
const describeTimeOff = (p: TimeOff, now: number, zone: string, locale: Locale = 'en') => {
  i18n.activate(locale);
  try {
    return describeIn(p, now, zone, t, locale);
  } finally {
    i18n.activate('en');
  }
};
const buildTimeOff = (d: TimeOffDraft, zone: string, now: number) => buildIn(d, zone, now, t);

const TORONTO = 'America/Toronto';
/** Monday 1 March 2027, noon in Toronto (EST). */
const NOW = Date.parse('2027-03-01T17:00:00Z');

const period = (overrides: Partial<TimeOff>): TimeOff => ({
  id: 'p',
  startsAt: '2027-03-02T14:00:00Z',
  endsAt: '2027-03-02T22:00:00Z',
  repeatsWeekly: false,
  repeatUntil: null,
  timeZone: TORONTO,
  note: null,
  ...overrides,
});

/** Tuesdays 9:00–17:00 Toronto from 2 March 2027. */
const tuesdays = period({ repeatsWeekly: true });

const draft = (overrides: Partial<TimeOffDraft>): TimeOffDraft => ({ ...EMPTY_DRAFT, ...overrides });

describe('addDays', () => {
  it('moves calendar days across months and years', () => {
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });
});

describe('currentOrNext', () => {
  it('gives a one-off period until it ends', () => {
    expect(currentOrNext(period({}), NOW)).toEqual({ start: '2027-03-02T14:00:00Z', end: '2027-03-02T22:00:00Z' });
    expect(currentOrNext(period({}), Date.parse('2027-03-02T22:00:00Z'))).toBeNull();
  });

  it('gives the weekly repeat under way or next, at the same wall-clock time after daylight saving starts', () => {
    // 14 March 2027 the clocks go forward: 9:00 Toronto is 13:00 UTC from then on.
    const after = Date.parse('2027-03-10T12:00:00Z');
    expect(currentOrNext(tuesdays, after)).toEqual({
      start: '2027-03-16T13:00:00.000Z',
      end: '2027-03-16T21:00:00.000Z',
    });
    expect(currentOrNext(tuesdays, Date.parse('2027-03-16T20:00:00Z'))?.start).toBe('2027-03-16T13:00:00.000Z');
  });

  it('stops at repeat_until', () => {
    const twoWeeks = { ...tuesdays, repeatUntil: '2027-03-10T05:00:00Z' };
    expect(currentOrNext(twoWeeks, Date.parse('2027-03-03T00:00:00Z'))?.start).toBe('2027-03-09T14:00:00.000Z');
    expect(currentOrNext(twoWeeks, Date.parse('2027-03-10T00:00:00Z'))).toBeNull();
  });
});

describe('upcomingTimeOff', () => {
  it('leaves out what is over and puts the soonest first, weekly ones by their next repeat', () => {
    const past = period({ id: 'past', startsAt: '2027-02-01T14:00:00Z', endsAt: '2027-02-01T22:00:00Z' });
    const later = period({ id: 'later', startsAt: '2027-03-05T14:00:00Z', endsAt: '2027-03-05T22:00:00Z' });
    const weekly = { ...tuesdays, id: 'weekly', startsAt: '2027-02-02T14:00:00Z', endsAt: '2027-02-02T22:00:00Z' };
    expect(upcomingTimeOff([later, past, weekly], NOW).map((p) => p.id)).toEqual(['weekly', 'later']);
  });
});

describe('describeTimeOff', () => {
  it('reads a one-off period by day and time', () => {
    expect(describeTimeOff(period({}), NOW, TORONTO)).toBe('Tue, Mar 2, 9:00 AM – 5:00 PM');
    expect(describeTimeOff(period({ endsAt: '2027-03-04T22:00:00Z' }), NOW, TORONTO)).toBe(
      'Tue, Mar 2, 9:00 AM – Thu, Mar 4, 5:00 PM',
    );
  });

  it('reads whole days as all day', () => {
    expect(
      describeTimeOff(period({ startsAt: '2027-03-02T05:00:00Z', endsAt: '2027-03-03T05:00:00Z' }), NOW, TORONTO),
    ).toBe('Tue, Mar 2, all day');
    expect(
      describeTimeOff(period({ startsAt: '2027-03-02T05:00:00Z', endsAt: '2027-03-05T05:00:00Z' }), NOW, TORONTO),
    ).toBe('Tue, Mar 2 – Thu, Mar 4, all day');
  });

  it('reads a weekly period as every weekday, from its first day when that is ahead, until its last', () => {
    expect(describeTimeOff(tuesdays, NOW, TORONTO)).toBe('Every Tuesday, 9:00 AM – 5:00 PM, from Mar 2');
    const started = { ...tuesdays, startsAt: '2027-02-23T14:00:00Z', endsAt: '2027-02-23T22:00:00Z' };
    expect(describeTimeOff({ ...started, repeatUntil: '2027-04-01T04:00:00Z' }, NOW, TORONTO)).toBe(
      'Every Tuesday, 9:00 AM – 5:00 PM, until Mar 31',
    );
    const weekend = { ...started, startsAt: '2027-02-27T05:00:00Z', endsAt: '2027-03-01T05:00:00Z' };
    expect(describeTimeOff(weekend, NOW, TORONTO)).toBe('Every Saturday – Sunday, all day');
    const overnight = { ...started, startsAt: '2027-02-26T03:00:00Z', endsAt: '2027-02-26T11:00:00Z' };
    expect(describeTimeOff(overnight, NOW, TORONTO)).toBe('Every Thursday, 10:00 PM – Friday, 6:00 AM');
  });

  it('reads in French: the day before the month, the 24-hour clock, and French sentences', () => {
    expect(describeTimeOff(period({}), NOW, TORONTO, 'fr-CA')).toBe('mar. 2 mars, 9 h 00 – 17 h 00');
    expect(describeTimeOff(tuesdays, NOW, TORONTO, 'fr-CA')).toBe('Chaque mardi, 9 h 00 – 17 h 00, à partir du 2 mars');
    const weekend = { ...tuesdays, startsAt: '2027-02-27T05:00:00Z', endsAt: '2027-03-01T05:00:00Z' };
    expect(describeTimeOff({ ...weekend, repeatUntil: '2027-04-01T04:00:00Z' }, NOW, TORONTO, 'fr-CA')).toBe(
      'Chaque semaine, du samedi au dimanche, toute la journée, jusqu’au 31 mars',
    );
  });

  it('names the zone when it is not the phone’s', () => {
    expect(describeTimeOff(period({}), NOW, 'America/Vancouver')).toBe('Tue, Mar 2, 9:00 AM – 5:00 PM (EST)');
  });

  it('adds the year when it is not this one', () => {
    expect(
      describeTimeOff(period({ startsAt: '2028-03-02T14:00:00Z', endsAt: '2028-03-02T22:00:00Z' }), NOW, TORONTO),
    ).toBe('Thu, Mar 2, 2028, 9:00 AM – 5:00 PM');
  });
});

describe('buildTimeOff', () => {
  it('asks for every missing part, in the words of the fields', () => {
    expect(buildTimeOff(EMPTY_DRAFT, TORONTO, NOW).errors).toEqual({
      startDate: 'Pick the day it starts',
      startTime: 'Enter the time it starts',
      endDate: 'Pick the day it ends',
      endTime: 'Enter the time it ends',
    });
    expect(buildTimeOff(draft({ isAllDay: true }), TORONTO, NOW).errors).toEqual({
      startDate: 'Pick the first day',
      endDate: 'Pick the last day',
    });
  });

  it('turns a timed period into instants in the phone’s zone', () => {
    const built = buildTimeOff(
      draft({
        startDate: '2027-03-02',
        startTime: '09:00',
        endDate: '2027-03-02',
        endTime: '17:00',
        note: '  Dentist ',
      }),
      TORONTO,
      NOW,
    );
    expect(built).toEqual({
      errors: {},
      row: {
        starts_at: '2027-03-02T14:00:00.000Z',
        ends_at: '2027-03-02T22:00:00.000Z',
        repeats_weekly: false,
        repeat_until: null,
        time_zone: TORONTO,
        note: 'Dentist',
      },
    });
  });

  it('runs whole days from the first midnight to the one after the last day, and a weekly until through its last day', () => {
    const built = buildTimeOff(
      draft({
        isAllDay: true,
        startDate: '2027-03-06',
        endDate: '2027-03-07',
        repeatsWeekly: true,
        untilDate: '2027-03-31',
      }),
      TORONTO,
      NOW,
    );
    expect(built.row).toMatchObject({
      starts_at: '2027-03-06T05:00:00.000Z',
      ends_at: '2027-03-08T05:00:00.000Z',
      repeats_weekly: true,
      repeat_until: '2027-04-01T04:00:00.000Z',
      note: null,
    });
  });

  it('refuses an end before the start, a weekly period of a week or more, a past one and a long note', () => {
    const timed = { startDate: '2027-03-02', startTime: '09:00', endDate: '2027-03-02' };
    expect(buildTimeOff(draft({ ...timed, endTime: '08:00' }), TORONTO, NOW).errors).toEqual({
      endTime: 'The end must be after the start',
    });
    expect(
      buildTimeOff(draft({ isAllDay: true, startDate: '2027-03-04', endDate: '2027-03-02' }), TORONTO, NOW).errors,
    ).toEqual({
      endDate: 'The last day cannot be before the first',
    });
    expect(
      buildTimeOff(
        draft({ isAllDay: true, startDate: '2027-03-02', endDate: '2027-03-08', repeatsWeekly: true }),
        TORONTO,
        NOW,
      ).errors,
    ).toEqual({ endDate: 'A weekly period must be shorter than a week' });
    expect(
      buildTimeOff(draft({ ...timed, startDate: '2027-02-01', endDate: '2027-02-01', endTime: '17:00' }), TORONTO, NOW)
        .errors,
    ).toEqual({ endTime: 'This time is already over' });
    expect(buildTimeOff(draft({ ...timed, endTime: '17:00', note: 'x'.repeat(201) }), TORONTO, NOW).errors).toEqual({
      note: 'Keep the note to 200 characters or fewer (it has 201)',
    });
    expect(
      buildTimeOff(draft({ ...timed, endTime: '17:00', repeatsWeekly: true, untilDate: '2027-03-01' }), TORONTO, NOW)
        .errors,
    ).toEqual({ untilDate: 'The last week cannot be before the first day' });
  });
});
