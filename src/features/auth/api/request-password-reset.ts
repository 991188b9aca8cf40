import { paths } from '@shared/config/paths.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';

/**
 * Asks Supabase Auth to email a password-reset link to `email`, landing on this dashboard's
 * /reset-password. Resolves the same way whether or not the address has an account.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}${paths.resetPassword}`,
  });
  if (error) throw error;
}
