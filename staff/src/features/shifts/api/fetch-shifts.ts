import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';
import type { ShiftRecord } from '../staff-shift.ts';

const COLUMNS =
  'id, company_id, staff_type, skill, street_number, street_name, city, province, country, postal_code, notes, ' +
  'starts_at, ends_at, latitude, longitude, created_at, accepted_by, accepted_at, clocked_in_at, clocked_out_at, time_done, time_done_minutes';

/**
 * What the home and My shifts screens show, in one round trip (my_shift_board): the open shifts
 * the worker may take (their agencies', not ended, and not overlapping a shift they hold nor in
 * their time off: the database decides, by accept_shift's own rules), soonest first, and the shifts
 * the worker accepted (newest first).
 */
export async function fetchShifts(userId: string): Promise<{ open: ShiftRecord[]; mine: ShiftRecord[] }> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('my_shift_board', { p_limit: 200 }).select(COLUMNS);
  if (error) throw error;
  const rows = (data ?? []) as unknown as ShiftRecord[];
  return {
    open: rows.filter((row) => row.accepted_by !== userId),
    mine: rows.filter((row) => row.accepted_by === userId),
  };
}
