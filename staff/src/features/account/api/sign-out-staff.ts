import { signOutThisDevice } from '@shared/lib/session-ended.ts';
import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** Log out ends this phone's session only (see signOutThisDevice); one already gone counts as done. */
export async function signOutStaff(): Promise<void> {
  const supabase = await loadSupabase();
  await signOutThisDevice(supabase.auth);
}
