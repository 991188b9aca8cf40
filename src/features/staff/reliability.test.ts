import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import { reliabilityLabel, reliabilitySummary, settledShifts, type StaffReliability } from './reliability.ts';
import { t } from '../../i18n/testing.ts';

const nbsp = '\u00a0';

const record = (overrides: Partial<StaffReliability> = {}): StaffReliability => ({
  staff_id: 'w',
  accepted: 0,
  completed: 0,
  late: 0,
  no_shows: 0,
  late_cancellations: 0,
  score: 0.8,
  ...overrides,
});
const mixed = record({ accepted: 6, completed: 3, late: 1, no_shows: 1, late_cancellations: 1, score: 0.586 });

afterEach(() => {
  i18n.activate('en');
});

describe('reliability', () => {
  it('shows the score once a shift has an outcome, and says when there is none yet', () => {
    expect(reliabilityLabel(mixed, t, 'en')).toBe('59%');
    expect(reliabilityLabel(record({ accepted: 2 }), t, 'en')).toBe('No record yet');
    expect(reliabilityLabel(record({ no_shows: 1, score: 0.533 }), t, 'en')).toBe('53%');
    expect(reliabilityLabel(undefined, t, 'en')).toBe('-');
  });

  it('counts the shifts with a known outcome', () => {
    expect(settledShifts(record({ completed: 3, no_shows: 1, late_cancellations: 2 }))).toBe(6);
  });

  it('summarises the counts for a phone card', () => {
    expect(reliabilitySummary(mixed, t)).toBe(
      '6 accepted · 3 completed · 1 late · 1 no-show · 1 cancelled within 24 h',
    );
    expect(reliabilitySummary(record(), t)).toBe(
      '0 accepted · 0 completed · 0 late · 0 no-shows · 0 cancelled within 24 h',
    );
  });

  it('says all of it in French, the percent sign after a no-break space', () => {
    i18n.activate('fr-CA');
    expect(reliabilityLabel(mixed, t, 'fr-CA')).toBe(`59${nbsp}%`);
    expect(reliabilityLabel(record({ accepted: 2 }), t, 'fr-CA')).toBe('Pas encore de bilan');
    expect(reliabilitySummary(mixed, t)).toBe(
      '6 acceptés · 3 terminés · 1 en retard · 1 absence sans préavis · 1 annulé à moins de 24 h',
    );
    expect(reliabilitySummary(record({ accepted: 1, completed: 2, no_shows: 2, late_cancellations: 3 }), t)).toBe(
      '1 accepté · 2 terminés · 0 en retard · 2 absences sans préavis · 3 annulés à moins de 24 h',
    );
  });
});
