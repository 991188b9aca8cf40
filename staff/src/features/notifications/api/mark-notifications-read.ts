import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

export async function markNotificationsRead(): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('mark_notifications_read');
  if (error) throw error;
}
