import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';
import type { ShiftRecord } from '../staff-shift.ts';

const COLUMNS =
  'id, company_id, staff_type, skill, street_number, street_name, city, province, country, postal_code, notes, ' +
  'starts_at, ends_at, latitude, longitude, created_at, accepted_by, accepted_at, clocked_in_at, clocked_out_at, time_done';

/**
 * What the home and My shifts screens show, in one round trip each: open shifts of the worker's
 * agencies that have not ended (soonest first) and the shifts the worker accepted (newest first).
 * RLS already limits a worker to exactly these two kinds of shift.
 */
export async function fetchShifts(userId: string): Promise<{ open: ShiftRecord[]; mine: ShiftRecord[] }> {
  const supabase = await loadSupabase();
  const [open, mine] = await Promise.all([
    supabase
      .from('shifts')
      .select(COLUMNS)
      .is('accepted_at', null)
      .gt('ends_at', new Date().toISOString())
      .order('starts_at', { ascending: true })
      .limit(200),
    supabase
      .from('shifts')
      .select(COLUMNS)
      .eq('accepted_by', userId)
      .order('starts_at', { ascending: false })
      .limit(200),
  ]);
  if (open.error) throw open.error;
  if (mine.error) throw mine.error;
  return { open: open.data as unknown as ShiftRecord[], mine: mine.data as unknown as ShiftRecord[] };
}
