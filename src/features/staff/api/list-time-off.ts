import { loadSupabase } from '@shared/lib/supabase.ts';
import type { TimeOffPeriod } from '@shared/lib/time-off.ts';

const COLUMNS = 'id, starts_at, ends_at, repeats_weekly, repeat_until, time_zone, note';

/**
 * A worker's time off, as the agency may read it (RLS: only workers it employs). Past one-off
 * periods are left on the server; weekly ones are all read, since they may still repeat.
 */
export async function listTimeOff(staffId: string, now: Date): Promise<TimeOffPeriod[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('staff_time_off')
    .select(COLUMNS)
    .eq('staff_id', staffId)
    .or(`repeats_weekly.eq.true,ends_at.gt.${now.toISOString()}`)
    .order('starts_at')
    .limit(200);
  if (error) throw error;
  return (data ?? []) as TimeOffPeriod[];
}
