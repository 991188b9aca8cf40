import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';
import type { TimeOff } from '../time-off-period.ts';

/**
 * The worker's time off that may still be current or ahead: one-off periods not yet over and every
 * weekly one (whether a weekly one is over depends on its zone's calendar, worked out in the app).
 */
export async function fetchTimeOff(userId: string): Promise<TimeOff[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('staff_time_off')
    .select('id, starts_at, ends_at, repeats_weekly, repeat_until, time_zone, note')
    .eq('staff_id', userId)
    .or(`repeats_weekly.is.true,ends_at.gt.${new Date().toISOString()}`)
    .order('starts_at', { ascending: true })
    .limit(200);
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    repeatsWeekly: row.repeats_weekly,
    repeatUntil: row.repeat_until,
    timeZone: row.time_zone,
    note: row.note,
  }));
}
