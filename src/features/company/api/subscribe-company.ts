import { channelTopic } from '@shared/lib/channel-topic.ts';
import type { ChannelStatus } from '@shared/lib/live-subscription.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';
import type { Company } from './fetch-company.ts';

/**
 * Follows updates of the company's own row over Realtime (the plan changes when a payment lands,
 * free_shifts_used when a shift is posted). Returns the unsubscribe.
 */
export async function subscribeCompany(
  companyId: string,
  onChange: (company: Company) => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  const supabase = await loadSupabase();
  const channel = supabase
    .channel(channelTopic(`company:${companyId}`))
    .on(
      'postgres_changes',
      { event: 'UPDATE', schema: 'public', table: 'companies', filter: `id=eq.${companyId}` },
      (payload) => onChange(payload.new as Company),
    )
    .subscribe((status) => onStatus(status as ChannelStatus));
  return () => {
    void supabase.removeChannel(channel);
  };
}
