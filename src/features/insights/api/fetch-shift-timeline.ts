import { loadSupabase } from '@shared/lib/supabase.ts';

export interface TimelineStep {
  at: string;
  /** ISO 8601 with the company's offset, already in its zone. */
  at_local: string;
  kind: string;
  actor_name: string | null;
  detail: string | null;
  /** A step to look at: an early or late clock-in, a Time Done that disagrees with the clock. */
  flagged: boolean;
}

/** A shift's history in order, from public.shift_timeline (empty for a shift that is not the caller's). */
export async function fetchShiftTimeline(shiftId: string): Promise<TimelineStep[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('shift_timeline', { p_shift_id: shiftId });
  if (error) throw error;
  return (data ?? []) as TimelineStep[];
}
