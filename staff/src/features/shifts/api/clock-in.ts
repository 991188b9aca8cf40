import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

export interface ClockInInput {
  shiftId: string;
  position: { latitude: number; longitude: number } | null;
  reason: string;
}

/**
 * Clocks in; the database measures the distance to the shift and asks for a reason when the
 * worker is outside its radius or gave no position (the agency sees both on the shift's timeline).
 */
export async function clockIn({ shiftId, position, reason }: ClockInInput): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('clock_in', {
    shift_id: shiftId,
    ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
    ...(reason.trim() ? { reason: reason.trim() } : {}),
  });
  if (error) throw error;
}

/** The clock-in radius in metres, from the database so the app and the rule never disagree. */
export async function fetchClockInRadius(): Promise<number> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('clock_in_radius_m');
  if (error) throw error;
  return data;
}
