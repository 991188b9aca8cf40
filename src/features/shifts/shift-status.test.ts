import { describe, expect, it } from 'vitest';
import { clockOutRefusal, deriveShiftStatus, toShiftStatus, type ShiftStatus } from './shift-status.ts';

const T = '2026-11-21T10:00:00Z';

// Every combination of the four columns: [accepted_by, accepted_at, clocked_in_at, clocked_out_at] → status.
const table: [boolean, boolean, boolean, boolean, ShiftStatus][] = [
  [false, false, false, false, 'Pending'],
  [false, false, false, true, 'Unknown'],
  [false, false, true, false, 'Unknown'],
  [false, false, true, true, 'Unknown'],
  [true, false, false, false, 'Unknown'],
  [true, false, false, true, 'Unknown'],
  [true, false, true, false, 'Unknown'],
  [true, false, true, true, 'Unknown'],
  // accepted_at without accepted_by: the worker's account was deleted; the shift keeps its life.
  [false, true, false, false, 'Assigned'],
  [false, true, false, true, 'Unknown'],
  [false, true, true, false, 'In-progress'],
  [false, true, true, true, 'Completed'],
  [true, true, false, false, 'Assigned'],
  [true, true, false, true, 'Unknown'],
  [true, true, true, false, 'In-progress'],
  [true, true, true, true, 'Completed'],
];

describe('deriveShiftStatus', () => {
  it.each(table)(
    'accepted_by %s, accepted_at %s, clocked in %s, clocked out %s → %s',
    (by, at, inAt, outAt, expected) => {
      expect(
        deriveShiftStatus({
          accepted_by: by ? 'staff-1' : null,
          accepted_at: at ? T : null,
          clocked_in_at: inAt ? T : null,
          clocked_out_at: outAt ? T : null,
        }),
      ).toBe(expected);
    },
  );

  it('covers all 16 combinations', () => {
    expect(new Set(table.map((r) => r.slice(0, 4).join())).size).toBe(16);
  });
});

describe('toShiftStatus', () => {
  it('keeps the four statuses and calls anything else Unknown', () => {
    expect(toShiftStatus('Pending')).toBe('Pending');
    expect(toShiftStatus('In-progress')).toBe('In-progress');
    expect(toShiftStatus('Completed')).toBe('Completed');
    expect(toShiftStatus('Assigned')).toBe('Assigned');
    expect(toShiftStatus('in-progress')).toBe('Unknown');
    expect(toShiftStatus(null)).toBe('Unknown');
    expect(toShiftStatus(undefined)).toBe('Unknown');
  });
});

describe('clockOutRefusal', () => {
  it('allows only In-progress and gives SPEC §4 reasons otherwise', () => {
    expect(clockOutRefusal('In-progress')).toBeNull();
    expect(clockOutRefusal('Pending')).toBe('shifts.clockOut.notClockedIn');
    expect(clockOutRefusal('Assigned')).toBe('shifts.clockOut.notClockedIn');
    expect(clockOutRefusal('Unknown')).toBe('shifts.clockOut.notClockedIn');
    expect(clockOutRefusal('Completed')).toBe('shifts.clockOut.alreadyOut');
  });
});
