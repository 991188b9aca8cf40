import { channelTopic } from '../../../../../src/lib/channel-topic.ts';
import type { ChannelStatus } from '../../../../../src/lib/live-subscription.ts';
import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** The worker's employments over Realtime: a join, a leave or an agency removing them. */
export async function subscribeEmployments(
  userId: string,
  onChange: () => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  const supabase = await loadSupabase();
  const channel = supabase
    .channel(channelTopic(`employments:${userId}`))
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'employments', filter: `staff_id=eq.${userId}` },
      onChange,
    )
    .subscribe((status) => onStatus(status as ChannelStatus));
  return () => {
    void supabase.removeChannel(channel);
  };
}
