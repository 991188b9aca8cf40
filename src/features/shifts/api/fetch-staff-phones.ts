import { loadSupabase } from '@shared/lib/supabase.ts';

/**
 * The phone numbers of the given workers, as far as the company may read them (RLS: staff it
 * employs). Every asked id is in the answer; null means no number (none given, or not readable).
 */
export async function fetchStaffPhones(ids: readonly string[]): Promise<Map<string, string | null>> {
  const supabase = await loadSupabase();
  const phones = new Map<string, string | null>(ids.map((id) => [id, null]));
  if (ids.length === 0) return phones;
  const { data, error } = await supabase
    .from('staff')
    .select('id, phone')
    .in('id', [...ids]);
  if (error) throw error;
  for (const s of data ?? []) phones.set(s.id, s.phone);
  return phones;
}
