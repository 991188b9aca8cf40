import type { ChannelStatus } from '@shared/lib/live-subscription.ts';
import { channelTopic } from '@shared/lib/channel-topic.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';

/**
 * Signals that the company's staff list changed: a worker joined or left (employments of this
 * company), an employed worker edited their profile (staff rows, which RLS limits to the staff
 * the company employs), or one of its invitations was sent, withdrawn or accepted (staff_invites,
 * its own only). Accepting changes an invitation and an employment together: one signal for the
 * channel lets the caller refetch both lists at once. The lists are small, so the caller refetches
 * rather than patching.
 */
export async function subscribeCompanyStaff(
  companyId: string,
  onChange: () => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  const supabase = await loadSupabase();
  const channel = supabase
    .channel(channelTopic(`staff:${companyId}`))
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'employments', filter: `company_id=eq.${companyId}` },
      (payload) => {
        // A delete carries the primary key (staff_id, company_id) and reaches every subscriber.
        const row = (payload.eventType === 'DELETE' ? payload.old : payload.new) as { company_id?: string };
        if (row.company_id === undefined || row.company_id === companyId) onChange();
      },
    )
    .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'staff' }, () => onChange())
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'staff_invites', filter: `company_id=eq.${companyId}` },
      () => onChange(),
    )
    .subscribe((status) => onStatus(status as ChannelStatus));
  return () => {
    void supabase.removeChannel(channel);
  };
}
