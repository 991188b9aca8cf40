import { WorkerAccountError } from '@shared/lib/errors.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';
import type { Credentials } from './sign-up-company.ts';

/**
 * Signs in with email and password and keeps the session only for agency accounts: a worker
 * (staff) account is signed out again and refused with WorkerAccountError (SPEC §6).
 */
export async function signInCompany({ email, password }: Credentials): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
  const { data: accountType, error: typeError } = await supabase.rpc('account_type');
  if (typeError || accountType !== 'company') {
    // Loaded here, not with the log-in page: only a worker's account (or a failed check) needs it.
    const { signOutThisDevice } = await import('@shared/lib/session-ended.ts');
    await signOutThisDevice(supabase.auth);
    throw typeError ?? new WorkerAccountError();
  }
}
