import { loadSupabase } from '@shared/lib/supabase.ts';

/** How many staff members the company employs: the ones a new shift notifies. */
export async function countEmployedStaff(companyId: string): Promise<number> {
  const supabase = await loadSupabase();
  const { count, error } = await supabase
    .from('company_staff')
    .select('id', { count: 'exact', head: true })
    .eq('company_id', companyId);
  if (error) throw error;
  return count ?? 0;
}
