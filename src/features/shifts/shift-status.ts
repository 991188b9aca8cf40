/**
 * A shift's status (SPEC §4), derived from its acceptance and clock columns. The database's
 * shifts_with_status view gives the same answer for every row it can hold; this copy exists for
 * Realtime payloads, which come from the shifts table without a status, and names every state
 * the constraints should make impossible 'Unknown' instead of guessing.
 */
import type { DashboardKey } from '../../i18n/catalogues.ts';

export const SHIFT_STATUSES = ['Pending', 'Assigned', 'In-progress', 'Completed'] as const;
export type KnownShiftStatus = (typeof SHIFT_STATUSES)[number];
export type ShiftStatus = KnownShiftStatus | 'Unknown';

export interface ShiftLifeColumns {
  accepted_by: string | null;
  accepted_at: string | null;
  clocked_in_at: string | null;
  clocked_out_at: string | null;
}

/**
 * Pending: nobody accepted it. Assigned: accepted, not clocked in. In-progress: clocked in, not
 * out. Completed: clocked out. A shift whose worker account was deleted keeps accepted_at (the
 * foreign key sets accepted_by to null), so acceptance is read from accepted_at, as the view does.
 * A clock time without the step before it, or a worker without an acceptance time, is Unknown.
 */
export function deriveShiftStatus(shift: ShiftLifeColumns): ShiftStatus {
  const isAccepted = shift.accepted_at != null;
  const isClockedIn = shift.clocked_in_at != null;
  const isClockedOut = shift.clocked_out_at != null;
  if (!isAccepted) {
    return shift.accepted_by == null && !isClockedIn && !isClockedOut ? 'Pending' : 'Unknown';
  }
  if (!isClockedIn) return isClockedOut ? 'Unknown' : 'Assigned';
  return isClockedOut ? 'Completed' : 'In-progress';
}

/** The view's status text as a ShiftStatus; anything it should never send is Unknown. */
export function toShiftStatus(value: string | null | undefined): ShiftStatus {
  return (SHIFT_STATUSES as readonly string[]).includes(value ?? '') ? (value as KnownShiftStatus) : 'Unknown';
}

/** Badge colours of SPEC §4 (Pending grey, Assigned brown, In-progress amber, Completed green), legible at AA. */
export const STATUS_COLORS: Record<ShiftStatus, { bg: string; fg: string }> = {
  Pending: { bg: '#5f6b7a', fg: '#ffffff' },
  Assigned: { bg: '#8b5a2b', fg: '#ffffff' },
  'In-progress': { bg: '#f59f00', fg: '#1a1b1e' },
  Completed: { bg: '#237032', fg: '#ffffff' },
  Unknown: { bg: '#e9ecef', fg: '#343a40' },
};

/**
 * SPEC §4: only an In-progress shift can be clocked out; the others get the catalogue's reason
 * ('Staff has not clocked in', 'Staff already clocked out'), as its key.
 */
export function clockOutRefusal(status: ShiftStatus): DashboardKey | null {
  if (status === 'In-progress') return null;
  if (status === 'Completed') return 'shifts.clockOut.alreadyOut';
  return 'shifts.clockOut.notClockedIn';
}
