import { loadSupabase } from '../../../lib/supabase.ts';

export async function signOut(): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signOut();
  if (error) throw error;
}
