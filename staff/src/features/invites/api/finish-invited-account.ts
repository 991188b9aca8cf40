import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

export interface InvitedAccount {
  firstName: string;
  lastName: string;
  /** Ten digits. */
  phone: string;
  password: string;
}

/**
 * Completes an account the invitation made: the password the worker signs in with from now on
 * (Auth), then the name and phone their agencies see (the staff row; RLS and column privileges
 * keep it to their own).
 */
export async function finishInvitedAccount(userId: string, account: InvitedAccount): Promise<void> {
  const supabase = await loadSupabase();
  const { error: passwordError } = await supabase.auth.updateUser({ password: account.password });
  if (passwordError) throw passwordError;
  const { error } = await supabase
    .from('staff')
    .update({ first_name: account.firstName.trim(), last_name: account.lastName.trim(), phone: account.phone })
    .eq('id', userId);
  if (error) throw error;
}
