import type { Locale } from '@shared/i18n/locale.ts';
import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** Saves the worker's language (a column grant allows staff.locale on their own row only). */
export async function saveStaffLocale(userId: string, locale: Locale): Promise<void> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('staff').update({ locale }).eq('id', userId).select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('No staff profile found');
}
