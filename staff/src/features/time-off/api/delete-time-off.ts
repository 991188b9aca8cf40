import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** Deletes one of the worker's periods of time off (RLS: only their own); already gone is fine. */
export async function deleteTimeOff(id: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.from('staff_time_off').delete().eq('id', id);
  if (error) throw error;
}
