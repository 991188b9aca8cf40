import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';
import { staffPaths } from '../../../config/paths.ts';

/** The email's link comes back to this app's Set a new password page. */
export async function requestPasswordReset(email: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}${staffPaths.resetPassword}`,
  });
  if (error) throw error;
}
