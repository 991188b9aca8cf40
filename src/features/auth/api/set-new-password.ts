import { loadSupabase } from '@shared/lib/supabase.ts';

/** Sets the signed-in user's password (after a reset link, the recovery session is that user). */
export async function setNewPassword(password: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

/** The session the reset link started, once supabase-js has read it from the URL; null without one. */
export async function recoverySessionUserId(): Promise<string | null> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session?.user.id ?? null;
}
