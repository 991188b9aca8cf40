import { describe, expect, it } from 'vitest';
import { rowActions, type ShiftRowActionId } from './shift-row-actions.ts';
import type { ShiftStatus } from './shift-status.ts';

// Every status × action pair: null means the action can be done, a text is the reason it cannot.
const EXPECTED: Record<ShiftStatus, Record<ShiftRowActionId, string | null>> = {
  Pending: { 'clock-out': 'shifts.clockOut.notClockedIn', 'copy-id': null, delete: null },
  Assigned: { 'clock-out': 'shifts.clockOut.notClockedIn', 'copy-id': null, delete: null },
  'In-progress': { 'clock-out': null, 'copy-id': null, delete: null },
  Completed: { 'clock-out': 'shifts.clockOut.alreadyOut', 'copy-id': null, delete: null },
  Unknown: { 'clock-out': 'shifts.clockOut.notClockedIn', 'copy-id': null, delete: null },
};

describe('rowActions', () => {
  const pairs = Object.entries(EXPECTED).flatMap(([status, actions]) =>
    Object.entries(actions).map(([action, reason]) => [status as ShiftStatus, action, reason] as const),
  );

  it.each(pairs)('%s shift, %s: %s', (status, action, reason) => {
    const found = rowActions(status).find((a) => a.id === action);
    expect(found?.disabledReason).toBe(reason);
  });

  it('lists SPEC’s three actions in its order, whatever the status', () => {
    for (const status of Object.keys(EXPECTED) as ShiftStatus[]) {
      expect(rowActions(status).map((a) => a.label)).toEqual([
        'shifts.menu.clockOut',
        'shifts.menu.copyId',
        'shifts.menu.delete',
      ]);
    }
  });
});
