import type { ChannelStatus } from '@shared/lib/live-subscription.ts';
import { channelTopic } from '@shared/lib/channel-topic.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';
import type { Tables } from '@shared/types/database.types.ts';
import { toShiftRow, type ShiftChange } from '../shift-row.ts';

/**
 * The company's shifts over Realtime: inserts and updates arrive as whole rows of the shifts table
 * (status derived here, the table has none); deletes carry only the id (and, as in hosted
 * Supabase, reach every subscriber of the table, so the caller ignores ids it does not hold).
 * RLS is applied per subscriber, so another company's rows never arrive. Returns the unsubscribe.
 */
export async function subscribeShifts(
  companyId: string,
  onChange: (change: ShiftChange) => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  const supabase = await loadSupabase();
  const channel = supabase
    .channel(channelTopic(`shifts:${companyId}`))
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'shifts', filter: `company_id=eq.${companyId}` },
      (payload) => {
        if (payload.eventType === 'DELETE') {
          const id = (payload.old as Partial<Tables<'shifts'>>).id;
          if (id) onChange({ type: 'delete', id });
          return;
        }
        const row = payload.new as Tables<'shifts'>;
        if (row.company_id !== companyId) return;
        onChange({ type: 'upsert', row: toShiftRow(row) });
      },
    )
    .subscribe((status) => onStatus(status as ChannelStatus));
  return () => {
    void supabase.removeChannel(channel);
  };
}
