import { loadSupabase } from '@shared/lib/supabase.ts';
import type { BoardTimeOffPeriod } from '../board-time-off.ts';

/**
 * The agency's current employees' time off that meets [from, to), with each worker's name and the
 * repeat that meets it (public.time_off_between: an agency's own employees only, by the database).
 */
export async function listBoardTimeOff(from: string, to: string): Promise<BoardTimeOffPeriod[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('time_off_between', { p_from: from, p_to: to });
  if (error) throw error;
  return (data ?? []) as BoardTimeOffPeriod[];
}
