import { loadSupabase } from '@shared/lib/supabase.ts';
import { STAFF_COLUMNS, type StaffMember } from '../staff-member.ts';

const PAGE = 1000;

/** The staff the company employs (company_staff view, RLS-limited to its own), newest first. */
export async function listCompanyStaff(companyId: string): Promise<StaffMember[]> {
  const supabase = await loadSupabase();
  const rows: StaffMember[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await supabase
      .from('company_staff')
      .select(STAFF_COLUMNS)
      .eq('company_id', companyId)
      .order('added_at', { ascending: false })
      .order('id')
      .range(from, from + PAGE - 1);
    if (error) throw error;
    rows.push(...((data ?? []) as StaffMember[]));
    if (!data || data.length < PAGE) return rows;
  }
}
