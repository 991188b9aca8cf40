import { loadSupabase } from '@shared/lib/supabase.ts';

/** The company's own row in public.companies, as far as the dashboard's public pages need it. */
export interface CompanyProfile {
  id: string;
  email: string;
  company_code: string;
  company_name: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  postal_code: string | null;
  staff_size: string | null;
  referral_source: string | null;
  company_type: string | null;
  time_zone: string;
}

const COLUMNS =
  'id, email, company_code, company_name, phone, street, city, province, country, postal_code, staff_size, referral_source, company_type, time_zone';

/** Null when the signed-in user has no companies row. */
export async function fetchCompanyProfile(companyId: string): Promise<CompanyProfile | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('companies').select(COLUMNS).eq('id', companyId).maybeSingle();
  if (error) throw error;
  return data as CompanyProfile | null;
}
