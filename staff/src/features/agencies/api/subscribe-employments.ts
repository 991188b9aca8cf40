import type { ChannelStatus } from '@shared/lib/live-subscription.ts';
import { subscribeTableChanges } from '../../../lib/subscribe-table-changes.ts';

/** The worker's employments over Realtime: a join, a leave or an agency removing them. */
export function subscribeEmployments(
  userId: string,
  onChange: () => void,
  onStatus: (status: ChannelStatus) => void,
): Promise<() => void> {
  return subscribeTableChanges('employments', userId, onChange, onStatus);
}
