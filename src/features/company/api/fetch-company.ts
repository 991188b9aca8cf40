import { loadSupabase } from '@shared/lib/supabase.ts';
import type { Tables } from '@shared/types/database.types.ts';

/** The columns of the company's own row the dashboard shell and its sections use. */
export type Company = Pick<
  Tables<'companies'>,
  | 'id'
  | 'company_name'
  | 'premium'
  | 'free_shifts_used'
  | 'time_zone'
  | 'country'
  | 'phone'
  | 'street'
  | 'city'
  | 'province'
  | 'postal_code'
  | 'staff_size'
  | 'referral_source'
  | 'company_type'
  | 'company_code'
  | 'dispatch_mode'
  | 'no_show_repost_after_minutes'
  | 'auto_repost_no_shows'
  | 'locale'
>;

export const COMPANY_COLUMNS =
  'id, company_name, premium, free_shifts_used, time_zone, country, phone, street, city, province, postal_code, staff_size, referral_source, company_type, company_code, dispatch_mode, ' +
  'no_show_repost_after_minutes, auto_repost_no_shows, locale';

/** Null when the signed-in user has no companies row. */
export async function fetchCompany(companyId: string): Promise<Company | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('companies').select(COMPANY_COLUMNS).eq('id', companyId).maybeSingle();
  if (error) throw error;
  return data as Company | null;
}
