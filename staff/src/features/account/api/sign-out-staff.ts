import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

export async function signOutStaff(): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  if (error) throw error;
}
