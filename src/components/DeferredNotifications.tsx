import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const NotificationsHost = lazy(() =>
  import('./NotificationsHost.tsx').then((module) => ({ default: module.NotificationsHost })),
);

/**
 * Mounts the toast container the first time a toast is shown, so pages that never show one do not
 * load its code (~12 KB gzipped); it then stays mounted so exit animations can finish.
 */
export function DeferredNotifications() {
  const state = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && (state.notifications.length > 0 || state.queue.length > 0)) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
