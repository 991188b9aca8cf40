import { describe, expect, it } from 'vitest';
import { reliabilityLabel, reliabilitySummary, settledShifts, type StaffReliability } from './reliability.ts';

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

describe('reliability', () => {
  it('shows the score once a shift has an outcome, and says when there is none yet', () => {
    expect(
      reliabilityLabel(
        record({ accepted: 6, completed: 3, late: 1, no_shows: 1, late_cancellations: 1, score: 0.586 }),
      ),
    ).toBe('59%');
    expect(reliabilityLabel(record({ accepted: 2 }))).toBe('No record yet');
    expect(reliabilityLabel(record({ no_shows: 1, score: 0.533 }))).toBe('53%');
    expect(reliabilityLabel(undefined)).toBe('-');
  });

  it('counts the shifts with a known outcome', () => {
    expect(settledShifts(record({ completed: 3, no_shows: 1, late_cancellations: 2 }))).toBe(6);
  });

  it('summarises the counts for a phone card', () => {
    expect(reliabilitySummary(record({ accepted: 6, completed: 3, late: 1, no_shows: 1, late_cancellations: 1 }))).toBe(
      '6 accepted · 3 completed · 1 late · 1 no-show · 1 cancelled within 24 h',
    );
    expect(reliabilitySummary(record())).toBe(
      '0 accepted · 0 completed · 0 late · 0 no-shows · 0 cancelled within 24 h',
    );
  });
});
