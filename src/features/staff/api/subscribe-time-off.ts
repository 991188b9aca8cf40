import type { ChannelStatus } from '@shared/lib/live-subscription.ts';
import { channelTopic } from '@shared/lib/channel-topic.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';

/**
 * Signals that the time off the board shows may have changed: a period of a worker the company
 * employs was added, changed or deleted (staff_time_off, which Realtime filters by the table's
 * policies: only the company's current employees' rows), or a worker joined or left (employments of
 * this company), which adds or takes away their time off. A delete carries only the period's id and
 * reaches every subscriber of the table: `isShown` says whether it is one the board shows. The
 * caller refetches rather than patching (a weekly period's repeat is the database's to work out).
 */
export async function subscribeTimeOff(
  companyId: string,
  isShown: (timeOffId: string) => boolean,
  onChange: () => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  const supabase = await loadSupabase();
  const channel = supabase
    .channel(channelTopic(`time-off:${companyId}`))
    .on('postgres_changes', { event: '*', schema: 'public', table: 'staff_time_off' }, (payload) => {
      if (payload.eventType !== 'DELETE') return onChange();
      const id = (payload.old as { id?: string }).id;
      if (id === undefined || isShown(id)) onChange();
    })
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'employments', filter: `company_id=eq.${companyId}` },
      (payload) => {
        const row = (payload.eventType === 'DELETE' ? payload.old : payload.new) as { company_id?: string };
        if (row.company_id === undefined || row.company_id === companyId) onChange();
      },
    )
    .subscribe((status) => onStatus(status as ChannelStatus));
  return () => {
    void supabase.removeChannel(channel);
  };
}
