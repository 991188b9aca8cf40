import { signOutThisDevice } from '@shared/lib/session-ended.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';

/** Log Out ends this device's session only (see signOutThisDevice); one already gone counts as done. */
export async function signOut(): Promise<void> {
  const supabase = await loadSupabase();
  await signOutThisDevice(supabase.auth);
}
