import { paths } from '@shared/config/paths.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';

export interface Credentials {
  email: string;
  password: string;
}

export interface SignUpResult {
  /** Email confirmation is on: no session until the link in the confirmation email is opened. */
  needsConfirmation: boolean;
}

/**
 * Creates an agency account; the database's sign-up trigger adds its companies row and code. With
 * email confirmations on, the confirmation link lands on onboarding, signed in.
 */
export async function signUpCompany({
  email,
  password,
  locale,
}: Credentials & { locale?: Locale }): Promise<SignUpResult> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    // The language the visitor signed up in becomes the account's (companies.locale, set by the database).
    options: {
      data: { account_type: 'company', locale },
      emailRedirectTo: `${window.location.origin}${paths.onboard}`,
    },
  });
  if (error) throw error;
  return { needsConfirmation: data.session == null };
}

/** Sends the confirmation email again (Supabase Auth allows one per address per max_frequency). */
export async function resendConfirmation(email: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email: email.trim(),
    options: { emailRedirectTo: `${window.location.origin}${paths.onboard}` },
  });
  if (error) throw error;
}
