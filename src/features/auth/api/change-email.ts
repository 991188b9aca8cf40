import { paths } from '@shared/config/paths.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';

/** Where an email change stands: done at once, or waiting for the link sent to the new address. */
export type EmailChange = { status: 'changed'; email: string } | { status: 'pending'; email: string };

/**
 * Asks Auth to move the account to `newEmail`. With confirmations on (production) the change waits
 * for the link emailed to the new address, which lands back on the dashboard.
 */
export async function changeEmail(newEmail: string): Promise<EmailChange> {
  const supabase = await loadSupabase();
  const wanted = newEmail.trim().toLowerCase();
  const { data, error } = await supabase.auth.updateUser(
    { email: wanted },
    { emailRedirectTo: `${window.location.origin}${paths.dashboard}` },
  );
  if (error) throw error;
  return data.user.email?.toLowerCase() === wanted
    ? { status: 'changed', email: wanted }
    : { status: 'pending', email: data.user.new_email ?? wanted };
}

/** The signed-in account's email, as Auth has it now. */
export async function currentEmail(): Promise<string | null> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session?.user.email ?? null;
}
