import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';
import type { TimeOffInsert } from '../time-off-period.ts';

/** Adds a period of time off for the signed-in worker (the database sets whose it is). */
export async function addTimeOff(row: TimeOffInsert): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.from('staff_time_off').insert(row);
  if (error) throw error;
}
