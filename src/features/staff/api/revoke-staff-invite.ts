import { loadSupabase } from '@shared/lib/supabase.ts';

/**
 * Withdraws a pending invitation (revoke_staff_invite RPC): it then holds no place and its link no
 * longer lets anyone join. The database checks that it is the caller's own.
 */
export async function revokeStaffInvite(inviteId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('revoke_staff_invite', { invite_id: inviteId });
  if (error) throw error;
}
