import { loadSupabase } from '@shared/lib/supabase.ts';
import type { TablesInsert } from '@shared/types/database.types.ts';

export type NewShift = Omit<TablesInsert<'shifts'>, 'id' | 'company_id' | 'created_at'>;

/**
 * Inserts the shift under RLS; company_id defaults to the caller. The database checks the plan
 * limit and the start time and fans out one notification per employed staff member in the same
 * transaction. Throws the PostgREST error as it is.
 */
export async function createShift(shift: NewShift): Promise<{ id: string }> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('shifts').insert(shift).select('id').single();
  if (error) throw error;
  return data as { id: string };
}
