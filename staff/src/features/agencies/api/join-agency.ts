import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** The database's sentence for an unknown code, with its code, so the worker reads it in their language. */
export class UnknownCompanyCodeError extends Error {
  readonly hint = 'company_code_unknown';
  constructor() {
    super('No company found with that code');
    this.name = 'UnknownCompanyCodeError';
  }
}

/**
 * Joins the agency with this code; returns its id. The database answers an unknown code with null
 * (the attempt is still counted for the wrong-code limit) and refuses a full free plan or too many
 * wrong codes with its own sentence.
 */
export async function joinAgency(code: string): Promise<string> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('join_company', { code: code.trim() });
  if (error) throw error;
  if (data === null) throw new UnknownCompanyCodeError();
  return data;
}
