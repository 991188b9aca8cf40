import { channelTopic } from '@shared/lib/channel-topic.ts';
import type { ChannelStatus } from '@shared/lib/live-subscription.ts';
import { loadStaffSupabase } from '../../../lib/supabase.ts';

/**
 * Updates of the worker's own staff row over Realtime, for its language: a switch on another of
 * their devices reaches this one. Returns the unsubscribe.
 */
export async function subscribeStaffLocale(
  userId: string,
  onLocale: (locale: string) => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  const supabase = await loadStaffSupabase();
  const channel = supabase
    .channel(channelTopic(`staff-locale:${userId}`))
    .on(
      'postgres_changes',
      { event: 'UPDATE', schema: 'public', table: 'staff', filter: `id=eq.${userId}` },
      (payload) => onLocale(String((payload.new as { locale?: unknown }).locale ?? '')),
    )
    .subscribe((status) => onStatus(status as ChannelStatus));
  return () => {
    void supabase.removeChannel(channel);
  };
}
