/**
 * What a shift's menu offers for its status: every action is listed, and one that cannot be done
 * says why (SPEC §4: only an In-progress shift can be clocked out), rather than being offered and
 * then doing nothing.
 */
import type { DashboardKey } from '../../i18n/catalogues.ts';
import { clockOutRefusal, type ShiftStatus } from './shift-status.ts';

export type ShiftRowActionId = 'clock-out' | 'copy-id' | 'delete';

export interface ShiftRowAction {
  id: ShiftRowActionId;
  /** The catalogue's key for the action's name. */
  label: DashboardKey;
  /** Why the action cannot be done now (its key), or null when it can. */
  disabledReason: DashboardKey | null;
}

/** The shift menu's actions in SPEC's order (Clock Staff Out, Copy ShiftID, Delete). */
export function rowActions(status: ShiftStatus): ShiftRowAction[] {
  return [
    { id: 'clock-out', label: 'shifts.menu.clockOut', disabledReason: clockOutRefusal(status) },
    { id: 'copy-id', label: 'shifts.menu.copyId', disabledReason: null },
    { id: 'delete', label: 'shifts.menu.delete', disabledReason: null },
  ];
}
