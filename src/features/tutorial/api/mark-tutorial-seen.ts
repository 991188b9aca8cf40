import { loadSupabase } from '@shared/lib/supabase.ts';

/**
 * Records in the database that the company has been offered the tutorial. True only for the call
 * that recorded it, i.e. on the company's first dashboard visit, whichever browser it is in.
 */
export async function markTutorialSeen(): Promise<boolean> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('mark_tutorial_seen');
  if (error) throw error;
  return data === true;
}
