import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';
import type { MyCredential } from '../credential-status.ts';

/**
 * The credentials every agency recorded for the worker. Reading them is the policy "Staff can view
 * their own credentials": the filter on staff_id only says what is wanted, the database enforces it.
 */
export async function fetchMyCredentials(userId: string): Promise<MyCredential[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('staff_credentials')
    .select('id, company_id, credential_type, registration_number, issued_on, expires_on, verified_at, verified_by')
    .eq('staff_id', userId)
    .order('credential_type', { ascending: true })
    .limit(500);
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    type: row.credential_type,
    registrationNumber: row.registration_number,
    issuedOn: row.issued_on,
    expiresOn: row.expires_on,
    verifiedAt: row.verified_at,
    verifiedBy: row.verified_by,
  }));
}
