import type { ChannelStatus } from '@shared/lib/live-subscription.ts';
import { channelTopic } from '@shared/lib/channel-topic.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';

/**
 * Calls `onChange` when something the timeline of one shift shows happens: a dispatch wave is sent
 * (shift_waves), or the shift itself changes (accepted, clocked in or out, flagged unfilled, the next
 * wave rescheduled). RLS applies per subscriber. Returns the unsubscribe.
 */
export async function subscribeShiftTimeline(
  shiftId: string,
  onChange: () => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  const supabase = await loadSupabase();
  const channel = supabase
    .channel(channelTopic(`shift-timeline:${shiftId}`))
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'shift_waves', filter: `shift_id=eq.${shiftId}` },
      () => onChange(),
    )
    .on('postgres_changes', { event: '*', schema: 'public', table: 'shifts', filter: `id=eq.${shiftId}` }, () =>
      onChange(),
    )
    .subscribe((status) => onStatus(status as ChannelStatus));
  return () => {
    void supabase.removeChannel(channel);
  };
}
