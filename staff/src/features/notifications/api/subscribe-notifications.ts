import { channelTopic } from '../../../../../src/lib/channel-topic.ts';
import type { ChannelStatus } from '../../../../../src/lib/live-subscription.ts';
import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** New and read notifications of this worker over Realtime (the select policy filters per subscriber). */
export async function subscribeNotifications(
  userId: string,
  onChange: () => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  const supabase = await loadSupabase();
  const channel = supabase
    .channel(channelTopic(`notifications:${userId}`))
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'notifications', filter: `staff_id=eq.${userId}` },
      onChange,
    )
    .subscribe((status) => onStatus(status as ChannelStatus));
  return () => {
    void supabase.removeChannel(channel);
  };
}
