import type { Locale } from '@shared/i18n/locale.ts';
import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

export interface StaffSignUp {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  /** The language the worker signed up in: the database starts staff.locale with it. */
  locale?: Locale;
}

/**
 * Creates a worker account: the sign-up trigger makes its staff row from the metadata. Joining an
 * agency is a separate step (join_company), so a wrong code never costs the worker the account.
 * Returns whether a session came back (false while the project asks to confirm the email first).
 */
export async function signUpStaff(input: StaffSignUp): Promise<{ hasSession: boolean }> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: input.email.trim(),
    password: input.password,
    options: {
      emailRedirectTo: window.location.origin,
      data: {
        account_type: 'staff',
        first_name: input.firstName.trim(),
        last_name: input.lastName.trim(),
        phone: input.phone,
        locale: input.locale,
      },
    },
  });
  if (error) throw error;
  return { hasSession: data.session !== null };
}
