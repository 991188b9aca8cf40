import { loadSupabase } from '@shared/lib/supabase.ts';

/**
 * Ends the company's employment of a worker (remove_staff RPC). The database checks that the worker
 * works for the caller, releases their Assigned shifts and refuses while they are clocked in.
 */
export async function removeStaff(staffId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('remove_staff', { staff_id: staffId });
  if (error) throw error;
}
