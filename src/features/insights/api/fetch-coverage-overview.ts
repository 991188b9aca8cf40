import { loadSupabase } from '@shared/lib/supabase.ts';

export interface OpenSoonShift {
  id: string;
  starts_at: string;
  ends_at: string;
  address: string;
  staff_type: string;
  skill: string;
}

export interface LateClockIn {
  id: string;
  starts_at: string;
  clocked_in_at: string;
  minutes_late: number;
  staff_name: string | null;
  address: string;
}

export interface CoverageDay {
  day: string;
  posted: number;
  filled: number;
}

/** public.coverage_overview's answer (see migration 20261121140000_coverage_insights.sql). */
export interface CoverageOverview {
  posted: number;
  accepted: number;
  filled_before_start: number;
  /** 0..1, rounded to 4 places; null when nothing was posted. */
  fill_rate: number | null;
  median_minutes_to_fill: number | null;
  p90_minutes_to_fill: number | null;
  open_soon: OpenSoonShift[];
  late_clock_ins: { count: number; shifts: LateClockIn[] };
  per_day: CoverageDay[];
}

/** The coverage metrics of the shifts the company created in [from, to) (ISO instants). */
export async function fetchCoverageOverview(from: string, to: string): Promise<CoverageOverview> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('coverage_overview', { p_from: from, p_to: to });
  if (error) throw error;
  return data as CoverageOverview;
}
