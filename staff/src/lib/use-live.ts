import { useEffect, useRef, useState } from 'react';
import { keepSubscribed, type Subscribe } from '@shared/lib/live-subscription.ts';

/**
 * Keeps a Realtime subscription joined while the component is mounted and calls `reload` on every
 * (re)join, when the channel is slow to join, when the app comes back to the foreground and every
 * `pollMs`: Realtime never tells a worker that a shift stopped being visible to them (taken by a
 * colleague), so a quiet refetch removes it. Returns whether the channel is reconnecting.
 */
export function useLive(subscribe: Subscribe | null, reload: () => void, pollMs = 30_000): boolean {
  const [isReconnecting, setIsReconnecting] = useState(false);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  });

  useEffect(() => {
    if (!subscribe) return;
    const run = () => reloadRef.current();
    const stop = keepSubscribed(subscribe, { onSubscribed: run, onReconnecting: setIsReconnecting, onJoinSlow: run });
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') run();
    }, pollMs);
    return () => {
      stop();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [subscribe, pollMs]);

  return isReconnecting;
}
