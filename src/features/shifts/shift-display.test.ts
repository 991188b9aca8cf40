import { describe, expect, it } from 'vitest';
import type { ShiftText } from './shift-text.ts';
import {
  clockedInLabel,
  clockedOutLabel,
  formatZonedTime,
  hoursDoneLabel,
  orMissing,
  roleOrMissing,
  shiftDurationLabel,
  shiftLocation,
  shiftWhenLabel,
  staffNameInSentence,
  staffNameLabel,
  statusName,
  timeOrMissing,
} from './shift-display.ts';
import { inFrench, t } from '../../i18n/testing.ts';

const inZone = (timeZone: string, locale: ShiftText['locale'] = 'en'): ShiftText => ({
  t,
  locale,
  timeZone,
  roleName: (value) => (value === 'PSW' ? (locale === 'en' ? 'PSW' : 'PAB') : value),
});
const at = (timeZone: string) => inZone(timeZone);

describe('formatZonedTime', () => {
  const instant = '2026-11-21T15:30:00Z';

  it('shows the instant in the company time zone, whatever zone the browser is in', () => {
    expect(formatZonedTime(instant, at('America/Toronto'))).toBe('Nov 21, 2026, 10:30 AM');
    expect(formatZonedTime(instant, at('America/Vancouver'))).toBe('Nov 21, 2026, 7:30 AM');
    expect(formatZonedTime(instant, at('America/St_Johns'))).toBe('Nov 21, 2026, 12:00 PM');
    expect(formatZonedTime(instant, at('UTC'))).toBe('Nov 21, 2026, 3:30 PM');
  });

  it('moves the date across midnight and follows daylight saving time', () => {
    expect(formatZonedTime('2026-11-22T02:15:00Z', at('America/Los_Angeles'))).toBe('Nov 21, 2026, 6:15 PM');
    expect(formatZonedTime('2026-07-01T16:00:00Z', at('America/Toronto'))).toBe('Jul 1, 2026, 12:00 PM');
    expect(formatZonedTime('2026-01-01T16:00:00Z', at('America/Toronto'))).toBe('Jan 1, 2026, 11:00 AM');
    // Regina keeps standard time all year.
    expect(formatZonedTime('2026-07-01T16:00:00Z', at('America/Regina'))).toBe('Jul 1, 2026, 10:00 AM');
  });

  it('reads database timestamps with an offset', () => {
    expect(formatZonedTime('2026-11-21 15:30:00+00', at('America/Toronto'))).toBe('Nov 21, 2026, 10:30 AM');
  });

  it('gives null for missing or unreadable values and falls back to UTC for an unknown zone', () => {
    expect(formatZonedTime(null, at('America/Toronto'))).toBeNull();
    expect(formatZonedTime('', at('America/Toronto'))).toBeNull();
    expect(formatZonedTime('not a date', at('America/Toronto'))).toBeNull();
    expect(formatZonedTime(instant, at('Mars/Olympus'))).toBe('Nov 21, 2026, 3:30 PM');
  });
});

describe('display fallbacks (SPEC §8)', () => {
  it("shows '-' for missing values", () => {
    expect(orMissing(null)).toBe('-');
    expect(orMissing(undefined)).toBe('-');
    expect(orMissing('  ')).toBe('-');
    expect(orMissing('8 hours')).toBe('8 hours');
    expect(timeOrMissing(null, at('America/Toronto'))).toBe('-');
  });

  it("shows 'Not Clocked In' and 'Not Clocked Out' for missing clock times", () => {
    expect(clockedInLabel({ clocked_in_at: null }, at('UTC'))).toBe('Not Clocked In');
    expect(clockedOutLabel({ clocked_out_at: null }, at('UTC'))).toBe('Not Clocked Out');
    expect(clockedInLabel({ clocked_in_at: '2026-11-21T15:30:00Z' }, at('UTC'))).toBe('Nov 21, 2026, 3:30 PM');
    expect(clockedOutLabel({ clocked_out_at: '2026-11-21T15:30:00Z' }, at('UTC'))).toBe('Nov 21, 2026, 3:30 PM');
  });

  it("names the accepting worker, 'Loading...' until known and 'N/A' without one", () => {
    const names = new Map<string, string | null>([
      ['a', 'Ada Lovelace'],
      ['gone', null],
      ['blank', ' '],
    ]);
    expect(staffNameLabel(null, names, { t })).toBe('N/A');
    expect(staffNameLabel('a', names, { t })).toBe('Ada Lovelace');
    expect(staffNameLabel('b', names, { t })).toBe('Loading...');
    expect(staffNameLabel('gone', names, { t })).toBe('N/A');
    expect(staffNameLabel('blank', names, { t })).toBe('N/A');
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
    expect(shiftDurationLabel({ starts_at: '2026-11-21T09:00:00Z', ends_at: '2026-11-22T11:30:00Z' }, { t })).toBe(
      '1 day 2 hrs 30 mins',
    );
    expect(shiftDurationLabel({ starts_at: '2026-11-21T09:00:00Z', ends_at: '2026-11-21T09:00:00Z' }, { t })).toBe('-');
  });
});

describe('in French', () => {
  const fr = inZone('America/Toronto', 'fr-CA');
  it('writes times, durations, fallbacks and statuses the Quebec way', () =>
    inFrench(() => {
      expect(formatZonedTime('2026-11-21T15:30:00Z', fr)).toMatch(/^21 nov\. 2026, 10\sh\s30$/);
      expect(shiftWhenLabel({ starts_at: '2026-11-24T14:00:00Z', ends_at: '2026-11-24T22:00:00Z' }, fr)).toMatch(
        /^mar\. 24 nov\., 9\sh\s00 – 17\sh\s00$/,
      );
      expect(clockedInLabel({ clocked_in_at: null }, fr)).toBe('Arrivée non pointée');
      expect(clockedOutLabel({ clocked_out_at: null }, fr)).toBe('Départ non pointé');
      expect(staffNameLabel(null, new Map(), fr)).toBe('S. O.');
      expect(staffNameLabel('x', new Map(), fr)).toBe('Chargement...');
      expect(staffNameInSentence(null, new Map(), fr, { start: true })).toBe('Le membre du personnel');
      expect(shiftDurationLabel({ starts_at: '2026-11-21T09:00:00Z', ends_at: '2026-11-22T11:30:00Z' }, fr)).toBe(
        '1 jour 2 h 30 min',
      );
      expect(statusName('In-progress', fr)).toBe('En cours');
      expect(statusName('Unknown', fr)).toBe('Inconnu');
      expect(roleOrMissing('PSW', fr)).toBe('PAB');
      expect(roleOrMissing(null, fr)).toBe('-');
    }));

  it('shows hours done as the database read them, or as written when it could not', () =>
    inFrench(() => {
      expect(hoursDoneLabel({ time_done: '7 hrs 30 mins', time_done_minutes: 450 }, fr)).toBe('7 h 30 min');
      expect(hoursDoneLabel({ time_done: 'full shift', time_done_minutes: null }, fr)).toBe('full shift');
      expect(hoursDoneLabel({ time_done: '7 hrs 30 mins', time_done_minutes: 450 }, inZone('UTC'))).toBe(
        '7 hrs 30 mins',
      );
    }));
});
