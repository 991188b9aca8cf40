import { loadSupabase } from '../../../lib/supabase.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** Creates an agency account; the database's sign-up trigger adds its companies row and code. */
export async function signUpCompany({ email, password }: Credentials): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    options: { data: { account_type: 'company' } },
  });
  if (error) throw error;
}
