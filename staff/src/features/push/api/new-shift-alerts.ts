import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** Whether the worker wants new-shift pushes at all (every device); in-app notifications stay. */
export async function fetchNewShiftAlerts(userId: string): Promise<boolean> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('staff').select('notify_new_shifts').eq('id', userId).single();
  if (error) throw error;
  return data.notify_new_shifts;
}

export async function setNewShiftAlerts(userId: string, isOn: boolean): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.from('staff').update({ notify_new_shifts: isOn }).eq('id', userId);
  if (error) throw error;
}
