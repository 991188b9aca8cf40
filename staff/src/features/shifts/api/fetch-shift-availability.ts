import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** Whether the worker can still take a shift, and if not, why. */
export type ShiftAvailability =
  | { kind: 'open' }
  | { kind: 'mine' }
  | { kind: 'ended' }
  /** Taken by another worker, deleted, or of an agency the worker left: RLS no longer shows it. */
  | { kind: 'gone' }
  /**
   * Open, but the rules say no: the database's reason codes (overlapping_shift, time_off, …), with
   * the shift's staff type and skill as stored, which two of the reasons name.
   */
  | { kind: 'not-eligible'; reasonCodes: string[]; staffType: string; skill: string };

/**
 * For a shift the worker was told about (a notification) but is not offered: reads what RLS still
 * shows of it and asks public.eligibility, the rules accept_shift applies, why not.
 */
export async function fetchShiftAvailability(shiftId: string, userId: string): Promise<ShiftAvailability> {
  const supabase = await loadSupabase();
  const { data: shift, error } = await supabase
    .from('shifts')
    .select('accepted_by, accepted_at, ends_at, staff_type, skill')
    .eq('id', shiftId)
    .maybeSingle();
  if (error) throw error;
  if (!shift) return { kind: 'gone' };
  if (shift.accepted_by === userId) return { kind: 'mine' };
  if (shift.accepted_at !== null) return { kind: 'gone' };
  if (Date.parse(shift.ends_at) <= Date.now()) return { kind: 'ended' };
  const eligibility = await supabase.rpc('eligibility', { p_shift_id: shiftId }).maybeSingle();
  if (eligibility.error) {
    // The worker left the agency between the two reads.
    if (eligibility.error.hint === 'shift_not_found') return { kind: 'gone' };
    throw eligibility.error;
  }
  if (!eligibility.data || eligibility.data.eligible) return { kind: 'open' };
  return {
    kind: 'not-eligible',
    reasonCodes: eligibility.data.reason_codes,
    staffType: shift.staff_type,
    skill: shift.skill,
  };
}
