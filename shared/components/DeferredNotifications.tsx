import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useNotifications } from '@mantine/notifications';

const NotificationsHost = lazy(() =>
  import('./NotificationsHost.tsx').then((module) => ({ default: module.NotificationsHost })),
);

let isHostRequested = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Mounts the toast container now rather than at the first toast: a screen whose every action ends
 * in a toast calls this, so the first toast does not wait for the container to load and mount.
 */
export function requestNotificationsHost(): void {
  if (isHostRequested) return;
  isHostRequested = true;
  for (const listener of listeners) listener();
}

/**
 * Mounts the toast container the first time a toast is shown (or when a screen asks for it), so pages that never show one do not
 * load its code (~12 KB gzipped); it then stays mounted so exit animations can finish.
 */
export function DeferredNotifications() {
  const state = useNotifications();
  const isRequested = useSyncExternalStore(subscribe, () => isHostRequested);
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && (isRequested || state.notifications.length > 0 || state.queue.length > 0)) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
