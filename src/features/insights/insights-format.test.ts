import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import {
  formatLocalDate,
  noCompletedShiftsText,
  timesheetHasRows,
  defaultExportRange,
  exportRangeProblem,
  formatDayLabel,
  formatFillRate,
  formatLocalStamp,
  formatMinutes,
  periodRange,
  timelineTitle,
  timesheetFilename,
} from './insights-format.ts';
import { t } from '../../i18n/testing.ts';

const nbsp = '\u00a0';

describe('formatMinutes', () => {
  it('shows minutes under an hour, hours and minutes above, and a dash for none', () => {
    expect(formatMinutes(0, t)).toBe('0 min');
    expect(formatMinutes(45, t)).toBe('45 min');
    expect(formatMinutes(59.6, t)).toBe('1 hr');
    expect(formatMinutes(60, t)).toBe('1 hr');
    expect(formatMinutes(84, t)).toBe('1 hr 24 min');
    expect(formatMinutes(1505, t)).toBe('25 hr 5 min');
    expect(formatMinutes(null, t)).toBe('—');
    expect(formatMinutes(undefined, t)).toBe('—');
  });
});

describe('formatFillRate', () => {
  it('shows a ratio as a percentage with at most one decimal', () => {
    expect(formatFillRate(0.5, 'en')).toBe('50%');
    expect(formatFillRate(0.6667, 'en')).toBe('66.7%');
    expect(formatFillRate(1, 'en')).toBe('100%');
    expect(formatFillRate(0, 'en')).toBe('0%');
    expect(formatFillRate('0.3333', 'en')).toBe('33.3%');
    expect(formatFillRate(null, 'en')).toBe('—');
  });
});

describe('timesheetFilename', () => {
  it('names the file after the inclusive range', () => {
    expect(timesheetFilename('2026-10-23', '2026-11-21')).toBe('timesheet-2026-10-23-to-2026-11-21.csv');
  });
});

describe('periodRange', () => {
  it('spans the last N local days up to the next local midnight', () => {
    const now = new Date('2026-11-21T15:00:00Z');
    expect(periodRange(7, now, 'America/Toronto')).toEqual({
      from: '2026-11-15T05:00:00.000Z',
      to: '2026-11-22T05:00:00.000Z',
    });
  });

  it('uses the company zone, not UTC, for today', () => {
    // 02:00 UTC on the 22nd is still the 21st in Vancouver.
    const now = new Date('2026-11-22T02:00:00Z');
    expect(periodRange(1, now, 'America/Vancouver')).toEqual({
      from: '2026-11-21T08:00:00.000Z',
      to: '2026-11-22T08:00:00.000Z',
    });
  });

  it('keeps both ends on local midnight across a daylight saving change', () => {
    const now = new Date('2026-11-03T12:00:00Z');
    const { from, to } = periodRange(7, now, 'America/Toronto');
    expect(from).toBe('2026-10-28T04:00:00.000Z');
    expect(to).toBe('2026-11-04T05:00:00.000Z');
  });
});

describe('defaultExportRange', () => {
  it('is the last 30 local dates including today', () => {
    expect(defaultExportRange(new Date('2026-11-21T15:00:00Z'), 'America/Toronto')).toEqual({
      from: '2026-10-23',
      to: '2026-11-21',
    });
  });
});

describe('exportRangeProblem', () => {
  it('accepts a valid range and explains a bad one', () => {
    expect(exportRangeProblem('2026-11-01', '2026-11-01', t)).toBeNull();
    expect(exportRangeProblem('', '2026-11-01', t)).toBe('Choose a start date and an end date');
    expect(exportRangeProblem('2026-11-02', '2026-11-01', t)).toBe('The end date must be on or after the start date');
    expect(exportRangeProblem('2025-01-01', '2026-11-01', t)).toBe('The period can be at most 366 days long');
  });
});

describe('formatLocalStamp and formatDayLabel', () => {
  it('read the digits the database localised, whatever the browser zone', () => {
    expect(formatLocalStamp('2026-03-08T09:05:00-04:00', 'en')).toBe('Mar 8, 2026, 9:05 AM');
    expect(formatLocalStamp('2026-03-08T21:01:00-04:00', 'en')).toBe('Mar 8, 2026, 9:01 PM');
    expect(formatLocalStamp('2026-03-08T00:30:00-05:00', 'en')).toBe('Mar 8, 2026, 12:30 AM');
    expect(formatLocalStamp('2026-03-08T12:00:00-04:00', 'en')).toBe('Mar 8, 2026, 12:00 PM');
    expect(formatLocalStamp('garbage', 'en')).toBe('garbage');
    expect(formatDayLabel('2026-11-21', 'en')).toBe('Nov 21');
  });
});

describe('timelineTitle', () => {
  it('names the step and its actor when there is one', () => {
    expect(timelineTitle('posted', 'Agency A', t)).toBe('Posted by Agency A');
    expect(timelineTitle('notified', null, t)).toBe('Staff notified');
    expect(timelineTitle('clocked_in', 'Staff 1', t)).toBe('Clocked in by Staff 1');
    expect(timelineTitle('something_new', null, t)).toBe('something new');
  });

  it('names the no-show steps: the watchdog’s alert, the no-show and the re-post, by whom', () => {
    expect(timelineTitle('late_alert', null, t)).toBe('Late alert');
    expect(timelineTitle('no_show', 'Agency A', t)).toBe('No-show recorded by Agency A');
    expect(timelineTitle('reposted', null, t)).toBe('Re-posted');
    expect(timelineTitle('released', 'Staff 1', t)).toBe('Released by Staff 1');
  });
});

describe('an empty timesheet', () => {
  const HEADER = '\uFEFFStaff name,Date,Location,Start,End,Clocked in,Clocked out,Hours done';
  it('is a header with no line after it', () => {
    expect(timesheetHasRows(`${HEADER}\r\n`)).toBe(false);
    expect(timesheetHasRows(HEADER)).toBe(false);
    expect(timesheetHasRows('')).toBe(false);
    expect(timesheetHasRows(`${HEADER}\r\nAna Tester,2026-11-21,"12 King St W,\r\nToronto",9:00 AM\r\n`)).toBe(true);
  });

  it('is said on screen with the range as the dashboard writes dates', () => {
    expect(formatLocalDate('2026-03-08', 'en')).toBe('Mar 8, 2026');
    expect(noCompletedShiftsText('2026-10-27', '2026-11-25', t, 'en')).toBe(
      'No completed shifts between Oct 27, 2026 and Nov 25, 2026.',
    );
  });
});

describe('in Canadian French', () => {
  afterEach(() => {
    i18n.activate('en');
  });

  it('writes lengths, rates, dates and times the Quebec way', () => {
    i18n.activate('fr-CA');
    expect(formatMinutes(45, t)).toBe(`45${nbsp}min`);
    expect(formatMinutes(60, t)).toBe(`1${nbsp}h`);
    expect(formatMinutes(84, t)).toBe(`1${nbsp}h 24${nbsp}min`);
    expect(formatMinutes(null, t)).toBe('—');
    expect(formatFillRate(0.6667, 'fr-CA')).toBe(`66,7${nbsp}%`);
    expect(formatFillRate(0.5, 'fr-CA')).toBe(`50${nbsp}%`);
    expect(formatLocalStamp('2026-03-08T21:05:00-04:00', 'fr-CA')).toBe('8 mars 2026, 21 h 05');
    expect(formatLocalStamp('2026-03-08T00:30:00-05:00', 'fr-CA')).toBe('8 mars 2026, 0 h 30');
    expect(formatLocalDate('2026-11-21', 'fr-CA')).toBe('21 nov. 2026');
    expect(formatDayLabel('2026-11-21', 'fr-CA')).toBe('21 nov.');
  });

  it('explains a bad export range and an empty one', () => {
    i18n.activate('fr-CA');
    expect(exportRangeProblem('', '2026-11-01', t)).toBe('Choisissez une date de début et une date de fin');
    expect(exportRangeProblem('2026-11-02', '2026-11-01', t)).toBe(
      'La date de fin ne peut pas précéder la date de début',
    );
    expect(exportRangeProblem('2025-01-01', '2026-11-01', t)).toBe('La période peut compter au plus 366 jours');
    expect(noCompletedShiftsText('2026-10-27', '2026-11-25', t, 'fr-CA')).toBe(
      'Aucun quart terminé entre le 27 oct. 2026 et le 25 nov. 2026.',
    );
  });

  it('names the timeline’s steps and who did them', () => {
    i18n.activate('fr-CA');
    expect(timelineTitle('posted', 'Agence A', t)).toBe('Publié par Agence A');
    expect(timelineTitle('notified', null, t)).toBe('Personnel avisé');
    expect(timelineTitle('clocked_in', 'Staff 1', t)).toBe('Arrivée pointée par Staff 1');
    expect(timelineTitle('clocked_out', null, t)).toBe('Départ pointé');
    expect(timelineTitle('no_show', 'Agence A', t)).toBe('Absence sans préavis enregistrée par Agence A');
    expect(timelineTitle('reposted', null, t)).toBe('Republié');
    expect(timelineTitle('something_new', null, t)).toBe('something new');
  });
});
