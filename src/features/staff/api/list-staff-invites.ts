import { loadSupabase } from '@shared/lib/supabase.ts';
import { STAFF_INVITE_COLUMNS, type StaffInvite } from '../staff-invite.ts';

/** The company's pending invitations (expired ones too, which can be sent again), newest first. */
export async function listStaffInvites(companyId: string): Promise<StaffInvite[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('staff_invites')
    .select(STAFF_INVITE_COLUMNS)
    .eq('company_id', companyId)
    .eq('status', 'pending')
    .order('sent_at', { ascending: false })
    .order('email')
    .limit(500);
  if (error) throw error;
  return (data ?? []) as StaffInvite[];
}
