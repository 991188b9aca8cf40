import { useCallback, useMemo, useState } from 'react';
import type { Subscribe } from '@shared/lib/live-subscription.ts';
import { useLive } from '../../../lib/use-live.ts';
import { countUnreadNotifications } from '../api/fetch-notifications.ts';
import { subscribeNotifications } from '../api/subscribe-notifications.ts';

/** The unread count for the bell's badge, live; `version` changes on every notification change. */
export function useUnreadNotifications(userId: string): { unread: number; version: number; refresh: () => void } {
  const [unread, setUnread] = useState(0);
  const [version, setVersion] = useState(0);

  const refresh = useCallback(() => {
    countUnreadNotifications().then(setUnread, () => {
      // The badge keeps its last count; the list screen reports errors.
    });
  }, []);

  const subscribe = useMemo<Subscribe>(
    () => (onStatus) =>
      subscribeNotifications(
        userId,
        () => {
          setVersion((v) => v + 1);
          refresh();
        },
        onStatus,
      ),
    [userId, refresh],
  );
  useLive(subscribe, refresh, 60_000);
  return { unread, version, refresh };
}
