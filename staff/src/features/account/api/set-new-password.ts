import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

export async function setNewPassword(password: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}
