import { loadSupabase } from '@shared/lib/supabase.ts';
import type { Tables } from '@shared/types/database.types.ts';
import { toShiftRow, type ShiftRow } from '../shift-row.ts';

/** The database's refusals whose sentence SPEC §4/§5 gives the user as it is. */
const SPOKEN_REFUSALS = ['Staff has not clocked in', 'Staff already clocked out', 'Time Done cannot be empty'];

export class ClockOutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClockOutError';
  }
}

/**
 * The clock_staff_out RPC: the database checks ownership and that the shift is In-progress, sets
 * clocked_out_at and time_done and clears the worker's on-shift flag in one transaction. Returns
 * the updated row; throws a ClockOutError with SPEC's sentence or 'Failed to clock staff out'.
 */
export async function clockStaffOut(shiftId: string, timeDone: string): Promise<ShiftRow> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('clock_staff_out', { shift_id: shiftId, time_done: timeDone });
  if (error || !data) {
    const message = error?.message ?? '';
    throw new ClockOutError(SPOKEN_REFUSALS.includes(message) ? message : 'Failed to clock staff out');
  }
  return toShiftRow(data as Tables<'shifts'>);
}
