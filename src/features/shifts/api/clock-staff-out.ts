import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';
import type { Tables } from '@shared/types/database.types.ts';
import { toShiftRow, type ShiftRow } from '../shift-row.ts';

/**
 * The database's refusals whose sentence SPEC §4/§5 gives the user, by their code (the error's
 * hint), with the catalogue key that says it.
 */
const SPOKEN_REFUSALS: Record<string, DashboardKey> = {
  not_clocked_in: 'shifts.clockOut.notClockedIn',
  already_clocked_out: 'shifts.clockOut.alreadyOut',
  time_done_empty: 'shifts.clockOut.timeDoneRequired',
};

export class ClockOutError extends Error {
  /** What the toast says, in the person's language. */
  readonly key: DashboardKey;
  constructor(message: string, key: DashboardKey) {
    super(message);
    this.name = 'ClockOutError';
    this.key = key;
  }
}

/**
 * The clock_staff_out RPC: the database checks ownership and that the shift is In-progress, sets
 * clocked_out_at and time_done and clears the worker's on-shift flag in one transaction. Returns
 * the updated row; throws a ClockOutError naming SPEC's sentence or 'Failed to clock staff out'.
 */
export async function clockStaffOut(shiftId: string, timeDone: string): Promise<ShiftRow> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('clock_staff_out', { shift_id: shiftId, time_done: timeDone });
  if (error || !data) {
    const message = error?.message ?? '';
    const spoken = error?.hint ? SPOKEN_REFUSALS[error.hint] : undefined;
    throw new ClockOutError(message || 'clock_staff_out failed', spoken ?? 'shifts.clockOut.failure');
  }
  return toShiftRow(data as Tables<'shifts'>);
}
