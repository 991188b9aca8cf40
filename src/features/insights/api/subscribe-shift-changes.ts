import type { ChannelStatus } from '@shared/lib/live-subscription.ts';
import { channelTopic } from '@shared/lib/channel-topic.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';

/**
 * Calls `onChange` whenever one of the company's shifts is inserted, updated or deleted (RLS
 * applies per subscriber), so the overview can recompute. Returns the unsubscribe.
 */
export async function subscribeShiftChanges(
  companyId: string,
  onChange: () => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  const supabase = await loadSupabase();
  const channel = supabase
    .channel(channelTopic(`insights-shifts:${companyId}`))
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'shifts', filter: `company_id=eq.${companyId}` },
      () => onChange(),
    )
    .subscribe((status) => onStatus(status as ChannelStatus));
  return () => {
    void supabase.removeChannel(channel);
  };
}
