import { loadSupabase } from '@shared/lib/supabase.ts';

/**
 * How many of the company's shifts carry an open late alert: the watchdog alerted their worker (10
 * minutes after the start, no clock-in), and they are still held, not clocked in and not over.
 */
export async function countLateShifts(companyId: string, now: Date): Promise<number> {
  const supabase = await loadSupabase();
  const { count, error } = await supabase
    .from('shifts')
    .select('id', { count: 'exact', head: true })
    .eq('company_id', companyId)
    .not('late_alerted_at', 'is', null)
    .not('accepted_at', 'is', null)
    .is('clocked_in_at', null)
    .gt('ends_at', now.toISOString());
  if (error) throw error;
  return count ?? 0;
}
