import type { Locale } from '@shared/i18n/locale.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';

/**
 * Saves the agency user's language (companies.locale; a column grant allows it on their own row
 * only). Every open session of theirs follows it over Realtime (use-company.ts).
 */
export async function saveCompanyLocale(companyId: string, locale: Locale): Promise<void> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('companies').update({ locale }).eq('id', companyId).select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('No user data found');
}
