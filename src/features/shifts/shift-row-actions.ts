/**
 * What a shift's menu offers for its status: every action is listed, and one that cannot be done
 * says why (SPEC §4: only an In-progress shift can be clocked out), rather than being offered and
 * then doing nothing.
 */
import { clockOutRefusal, type ShiftStatus } from './shift-status.ts';

export type ShiftRowActionId = 'clock-out' | 'copy-id' | 'delete';

export interface ShiftRowAction {
  id: ShiftRowActionId;
  label: string;
  /** Why the action cannot be done now, or null when it can. */
  disabledReason: string | null;
}

/** The shift menu's actions in SPEC's order (Clock Staff Out, Copy ShiftID, Delete). */
export function rowActions(status: ShiftStatus): ShiftRowAction[] {
  return [
    { id: 'clock-out', label: 'Clock Staff Out', disabledReason: clockOutRefusal(status) },
    { id: 'copy-id', label: 'Copy ShiftID', disabledReason: null },
    { id: 'delete', label: 'Delete', disabledReason: null },
  ];
}
