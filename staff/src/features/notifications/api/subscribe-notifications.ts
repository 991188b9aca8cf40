import type { ChannelStatus } from '@shared/lib/live-subscription.ts';
import { subscribeTableChanges } from '../../../lib/subscribe-table-changes.ts';

/** New and read notifications of this worker over Realtime. */
export function subscribeNotifications(
  userId: string,
  onChange: () => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  return subscribeTableChanges('notifications', userId, onChange, onStatus);
}
