import { loadSupabase } from '@shared/lib/supabase.ts';

/** The current password given was not the account's. */
export class WrongCurrentPasswordError extends Error {
  constructor() {
    super('Current password is incorrect');
    this.name = 'WrongCurrentPasswordError';
  }
}

/**
 * Changes the signed-in account's password after proving the current one (a password sign-in as the
 * same account, so a session left open on a shared computer cannot lock its owner out).
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  const email = data.session?.user.email;
  if (!email) throw new Error('Not signed in');
  const proof = await supabase.auth.signInWithPassword({ email, password: currentPassword });
  if (proof.error) {
    if (proof.error.code === 'invalid_credentials') throw new WrongCurrentPasswordError();
    throw proof.error;
  }
  const { error } = await supabase.auth.updateUser({ password: newPassword });
  if (error) throw error;
}
