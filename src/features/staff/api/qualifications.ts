import { loadSupabase } from '@shared/lib/supabase.ts';
import type { Credential, CredentialInput, Qualifications } from '../qualifications.ts';

/** The sentence saveQualifications throws when the worker left (the worker's page names it in the person's language). */
export const NO_LONGER_EMPLOYED = 'This staff member no longer works for you';

const CREDENTIAL_COLUMNS = 'id, credential_type, registration_number, issued_on, expires_on, verified_at, verified_by';

/** What this agency recorded about the worker (RLS: its own employment row only). */
export async function fetchQualifications(companyId: string, staffId: string): Promise<Qualifications | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('employments')
    .select('staff_types, skills, languages, max_weekly_hours')
    .eq('company_id', companyId)
    .eq('staff_id', staffId)
    .maybeSingle();
  if (error) throw error;
  return data as Qualifications | null;
}

export async function saveQualifications(companyId: string, staffId: string, q: Qualifications): Promise<void> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('employments')
    .update(q)
    .eq('company_id', companyId)
    .eq('staff_id', staffId)
    .select('staff_id');
  if (error) throw error;
  // RLS hides a row that is gone (the worker left): nothing was saved, and saying so is the truth.
  if (!data?.length) throw new Error(NO_LONGER_EMPLOYED);
}

/** The credentials this agency recorded for the worker, soonest expiry first. */
export async function listCredentials(staffId: string): Promise<Credential[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('staff_credentials')
    .select(CREDENTIAL_COLUMNS)
    .eq('staff_id', staffId)
    .order('expires_on', { ascending: true, nullsFirst: false })
    .order('credential_type');
  if (error) throw error;
  return (data ?? []) as Credential[];
}

export async function addCredential(staffId: string, input: CredentialInput, verifier: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.from('staff_credentials').insert({
    staff_id: staffId,
    credential_type: input.credential_type.trim(),
    registration_number: input.registration_number.trim() || null,
    issued_on: input.issued_on,
    expires_on: input.expires_on,
    verified_at: input.verified ? new Date().toISOString() : null,
    verified_by: input.verified ? verifier : null,
  });
  if (error) throw error;
}

export async function setCredentialVerified(id: string, verifier: string | null): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase
    .from('staff_credentials')
    .update({ verified_at: verifier ? new Date().toISOString() : null, verified_by: verifier })
    .eq('id', id);
  if (error) throw error;
}

export async function deleteCredential(id: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.from('staff_credentials').delete().eq('id', id);
  if (error) throw error;
}
