import { channelTopic } from '@shared/lib/channel-topic.ts';
import type { ChannelStatus } from '@shared/lib/live-subscription.ts';
import { loadStaffSupabase } from './supabase.ts';

/**
 * Any change to the worker's own rows of a table over Realtime (the table's select policy still
 * decides what reaches this subscriber); `onChange` only says "reload". Returns the unsubscribe.
 */
export async function subscribeTableChanges(
  table: 'employments' | 'notifications',
  userId: string,
  onChange: () => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  const supabase = await loadStaffSupabase();
  const channel = supabase
    .channel(channelTopic(`${table}:${userId}`))
    .on('postgres_changes', { event: '*', schema: 'public', table, filter: `staff_id=eq.${userId}` }, onChange)
    .subscribe((status) => onStatus(status as ChannelStatus));
  return () => {
    void supabase.removeChannel(channel);
  };
}
