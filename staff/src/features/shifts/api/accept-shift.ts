import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** First come wins, atomically, in the database (accept_shift locks the row). */
export async function acceptShift(shiftId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('accept_shift', { shift_id: shiftId });
  if (error) throw error;
}
