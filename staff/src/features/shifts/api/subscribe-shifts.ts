import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { channelTopic } from '@shared/lib/channel-topic.ts';
import type { ChannelStatus } from '@shared/lib/live-subscription.ts';
import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';
import type { ShiftRecord } from '../staff-shift.ts';
import { shiftBindings } from './shift-bindings.ts';

export type ShiftEvent = { type: 'upsert'; row: ShiftRecord } | { type: 'delete'; id: string };

/**
 * Shifts of the worker's agencies over Realtime. RLS is applied per subscriber, so only their
 * agencies' open shifts and their own accepted ones arrive; a shift another worker takes simply
 * stops arriving (the screen refetches on rejoin, on focus and every half minute to drop it).
 * The caller subscribes again when the worker's agencies change.
 */
export async function subscribeShifts(
  userId: string,
  companyIds: readonly string[],
  onEvent: (event: ShiftEvent) => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  const supabase = await loadSupabase();
  const onChange = (payload: RealtimePostgresChangesPayload<Partial<ShiftRecord>>) => {
    if (payload.eventType === 'DELETE') {
      const id = payload.old.id;
      if (id) onEvent({ type: 'delete', id });
      return;
    }
    onEvent({ type: 'upsert', row: payload.new as ShiftRecord });
  };
  const channel = supabase.channel(channelTopic(`staff-shifts:${userId}`));
  for (const binding of shiftBindings(companyIds)) {
    channel.on('postgres_changes', { schema: 'public', table: 'shifts', ...binding }, onChange);
  }
  channel.subscribe((status) => onStatus(status as ChannelStatus));
  return () => {
    void supabase.removeChannel(channel);
  };
}
