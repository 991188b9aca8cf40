import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** Records the clock-out time; the database works out the hours done from the clocked span. */
export async function clockOut(shiftId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('clock_out', { shift_id: shiftId });
  if (error) throw error;
}
