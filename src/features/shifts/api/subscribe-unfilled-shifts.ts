import type { ChannelStatus } from '@shared/lib/live-subscription.ts';
import { channelTopic } from '@shared/lib/channel-topic.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';
import type { Tables } from '@shared/types/database.types.ts';

export type UnfilledShift = Pick<
  Tables<'shifts'>,
  'id' | 'starts_at' | 'unfilled_at' | 'accepted_at' | 'street_number' | 'street_name' | 'city'
>;

/**
 * The company's shifts as the dispatch schedule flags them: every update of one of its shifts
 * that carries the Unfilled flag while still open (RLS applies per subscriber). Returns the
 * unsubscribe.
 */
export async function subscribeUnfilledShifts(
  companyId: string,
  onUnfilled: (shift: UnfilledShift) => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  const supabase = await loadSupabase();
  const channel = supabase
    .channel(channelTopic(`unfilled-shifts:${companyId}`))
    .on(
      'postgres_changes',
      { event: 'UPDATE', schema: 'public', table: 'shifts', filter: `company_id=eq.${companyId}` },
      (payload) => {
        const row = payload.new as Tables<'shifts'>;
        if (row.company_id === companyId && row.unfilled_at != null && row.accepted_at == null) onUnfilled(row);
      },
    )
    .subscribe((status) => onStatus(status as ChannelStatus));
  return () => {
    void supabase.removeChannel(channel);
  };
}
