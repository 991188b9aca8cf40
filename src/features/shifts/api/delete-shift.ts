import { loadSupabase } from '@shared/lib/supabase.ts';

/** Deletes one of the company's shifts (RLS allows only the owner); throws when nothing was deleted. */
export async function deleteShift(shiftId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('shifts').delete().eq('id', shiftId).select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('Shift not found');
}
