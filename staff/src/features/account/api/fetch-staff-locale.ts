import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** The worker's stored language (staff.locale): 'en' or 'fr-CA'. */
export async function fetchStaffLocale(userId: string): Promise<string> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('staff').select('locale').eq('id', userId).single();
  if (error) throw error;
  return data.locale;
}
