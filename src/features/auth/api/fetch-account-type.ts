import { loadSupabase } from '@shared/lib/supabase.ts';

export type AccountType = 'company' | 'staff' | null;

/** The signed-in account's kind, from the database (null when it has no profile row). */
export async function fetchAccountType(): Promise<AccountType> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('account_type');
  if (error) throw error;
  return data === 'company' || data === 'staff' ? data : null;
}
