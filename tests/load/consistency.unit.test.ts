import { describe, expect, it } from 'vitest';
import { shiftProblems, type ShiftRow } from './consistency.ts';

const staff = new Set(['w0', 'w1']);
const T1 = '2026-01-01 10:00:00+00';
const T2 = '2026-01-01 11:00:00+00';
const completed: ShiftRow = {
  id: 's1',
  company_id: 'c0',
  accepted_by: 'w0',
  accepted_at: T1,
  clocked_in_at: T1,
  clocked_out_at: T2,
  time_done: '8 hours',
  status: 'Completed',
  notifications: 2,
  recipients: 2,
  strangers_notified: 0,
  // Dispatch's own steps (a later wave, a late alert) are not SPEC's life of the shift.
  history: ['posted', 'notified', 'accepted', 'late_alert', 'clocked_in', 'clocked_out'],
};

describe('shiftProblems', () => {
  it('accepts a consistent shift', () => {
    expect(shiftProblems(completed, staff)).toEqual([]);
  });

  it('names each broken rule', () => {
    const broken: ShiftRow = {
      ...completed,
      accepted_by: 'stranger',
      clocked_in_at: T2,
      clocked_out_at: T1,
      time_done: null,
      status: 'In-progress',
      notifications: 1,
      recipients: 2,
      strangers_notified: 1,
      history: ['posted', 'accepted', 'accepted'],
    };
    expect(shiftProblems(broken, staff)).toEqual([
      'time done and clock-out disagree',
      'status In-progress, rules say Completed',
      'accepted by someone the company does not employ',
      'clocked out before clocking in',
      '1 notifications for 2 workers the post reached',
      '1 notified who are not employed',
      'history [accepted,accepted,posted] for steps [accepted,clocked_in,clocked_out,posted]',
    ]);
  });

  it('catches acceptance without a worker and clock-out without clock-in', () => {
    const problems = shiftProblems(
      { ...completed, accepted_by: null, clocked_in_at: null, status: 'Completed' },
      staff,
    );
    expect(problems).toContain('accepted_by set without accepted_at');
    expect(problems).toContain('clocked out but never clocked in');
  });
});
