import { loadSupabase } from '@shared/lib/supabase.ts';
import type { StaffReliability } from '../reliability.ts';

/** Reliability of every worker the agency employs, or of one (public.staff_reliability, this agency only). */
export async function fetchStaffReliability(staffId?: string): Promise<Map<string, StaffReliability>> {
  const supabase = await loadSupabase();
  // Without a worker the argument is left out of the body, and the function answers for everyone.
  const { data, error } = await supabase.rpc('staff_reliability', { p_staff_id: staffId });
  if (error) throw error;
  // PostgREST renders numeric as a JSON number; Number() keeps a string rendering working too.
  const rows = (data ?? []) as StaffReliability[];
  return new Map(rows.map((row) => [row.staff_id, { ...row, score: Number(row.score) }]));
}
