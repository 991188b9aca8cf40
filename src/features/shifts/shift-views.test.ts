import { describe, expect, it } from 'vitest';
import { attentionView, isInView, viewCounts } from './shift-views.ts';
import type { ShiftStatus } from './shift-status.ts';

const NOW = Date.parse('2026-11-24T15:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const shift = (status: ShiftStatus, startIn: number, hours = 8, clockedIn: string | null = null) => ({
  status,
  starts_at: at(startIn),
  ends_at: at(startIn + hours * 60),
  clocked_in_at: clockedIn,
});

describe('shift views', () => {
  it('late: no clock-in 10 minutes after the start, until the shift ends', () => {
    expect(isInView(shift('Assigned', -11), 'late', NOW)).toBe(true);
    expect(isInView(shift('Pending', -30), 'late', NOW)).toBe(true);
    expect(isInView(shift('Assigned', -9), 'late', NOW)).toBe(false);
    expect(isInView(shift('In-progress', -60, 8, at(-55)), 'late', NOW)).toBe(false);
    expect(isInView(shift('Assigned', -600, 8), 'late', NOW)).toBe(false);
  });

  it('starting in 24 h: not started, within a day, not taken over yet', () => {
    expect(isInView(shift('Pending', 60), 'soon', NOW)).toBe(true);
    expect(isInView(shift('Assigned', 23 * 60), 'soon', NOW)).toBe(true);
    expect(isInView(shift('Pending', 25 * 60), 'soon', NOW)).toBe(false);
    expect(isInView(shift('Pending', -5), 'soon', NOW)).toBe(false);
  });

  it('open: nobody accepted it and it has not ended', () => {
    expect(isInView(shift('Pending', 3 * 24 * 60), 'open', NOW)).toBe(true);
    expect(isInView(shift('Pending', -600, 8), 'open', NOW)).toBe(false);
    expect(isInView(shift('Assigned', 60), 'open', NOW)).toBe(false);
  });

  it('counts each view and picks the one that needs attention', () => {
    const shifts = [shift('Pending', 60), shift('Assigned', -20), shift('Completed', -600, 8, at(-600))];
    const counts = viewCounts(shifts, NOW);
    expect(counts).toEqual({ late: 1, soon: 1, open: 1, 'in-progress': 0, completed: 1, all: 3 });
    expect(attentionView(counts)).toBe('late');
    expect(attentionView({ ...counts, late: 0 })).toBe('soon');
    expect(attentionView({ ...counts, late: 0, soon: 0 })).toBe('open');
    expect(attentionView({ late: 0, soon: 0, open: 0, 'in-progress': 2, completed: 1, all: 3 })).toBe('all');
  });
});
