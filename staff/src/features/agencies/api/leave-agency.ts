import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** Accepted shifts of that agency that have not started go back to it; refused while clocked in. */
export async function leaveAgency(companyId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('leave_company', { company_id: companyId });
  if (error) throw error;
}
