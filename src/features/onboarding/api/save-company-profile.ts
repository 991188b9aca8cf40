import { loadSupabase } from '@shared/lib/supabase.ts';
import type { CompanyProfile } from './fetch-company-profile.ts';

/** The profile columns a company may write (the database grants update on exactly these). */
export type CompanyProfileUpdate = Pick<
  CompanyProfile,
  | 'company_name'
  | 'phone'
  | 'street'
  | 'city'
  | 'province'
  | 'country'
  | 'postal_code'
  | 'staff_size'
  | 'referral_source'
  | 'company_type'
  | 'time_zone'
>;

export async function saveCompanyProfile(companyId: string, update: CompanyProfileUpdate): Promise<void> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('companies').update(update).eq('id', companyId).select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('No user data found');
}
