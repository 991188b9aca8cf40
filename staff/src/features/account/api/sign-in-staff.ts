import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';
import { signOutThisDevice } from '@shared/lib/session-ended.ts';

/** The staff app is for worker accounts; an agency signing in here is told where to go instead. */
export class AgencyAccountError extends Error {
  constructor() {
    super('This app is for care staff. Agencies use the CareCover dashboard in a web browser.');
    this.name = 'AgencyAccountError';
  }
}

/** Signs in and keeps the session only for a worker account (an agency's is signed out again). */
export async function signInStaff(email: string, password: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
  const { data: accountType, error: typeError } = await supabase.rpc('account_type');
  if (typeError || accountType !== 'staff') {
    await signOutThisDevice(supabase.auth);
    throw typeError ?? new AgencyAccountError();
  }
}
