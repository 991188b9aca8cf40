import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

export interface InvitedProfile {
  firstName: string;
  lastName: string;
  phone: string;
}

/** The new account's staff row: the name the agency gave with the address, if it gave one. */
export async function fetchInvitedProfile(userId: string): Promise<InvitedProfile> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('staff').select('first_name, last_name, phone').eq('id', userId).single();
  if (error) throw error;
  return { firstName: data.first_name, lastName: data.last_name, phone: data.phone ?? '' };
}
