import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

export interface Agency {
  companyId: string;
  name: string;
  joinedAt: string;
  timeZone: string;
}

/** The worker's employers (my_employers: workers cannot read companies themselves). */
export async function fetchAgencies(): Promise<Agency[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('my_employers');
  if (error) throw error;
  return (data ?? []).map((row) => ({
    companyId: row.company_id,
    name: row.company_name,
    joinedAt: row.added_at,
    timeZone: row.time_zone,
  }));
}
