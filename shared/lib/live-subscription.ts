/**
 * Keeps a Realtime channel joined: on CHANNEL_ERROR, TIMED_OUT or CLOSED it reports that it is
 * reconnecting and replaces the channel with back-off; on every SUBSCRIBED (the first and each
 * rejoin) it asks the caller to refetch, so changes made while the channel was down are not missed.
 * When the device goes offline it says so at once (a dead socket is otherwise noticed only by the
 * next missed heartbeat, up to a minute later) and stops retrying; back online it rejoins at once.
 * Knows nothing of supabase-js: features pass their own `subscribe` from their api/ files.
 */
import { reportSuspectedSessionEnd } from './session-ended.ts';

export type ChannelStatus = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR';
export type Subscribe = (onStatus: (status: ChannelStatus) => void) => Promise<() => void>;

/** Tells when the device loses or regains its network; by default the browser's online/offline events. */
export type WatchNetwork = (onChange: (isOnline: boolean) => void) => () => void;

const browserNetwork: WatchNetwork = (onChange) => {
  if (typeof window === 'undefined') return () => {};
  const offline = () => onChange(false);
  const online = () => onChange(true);
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
};

export interface LiveSubscriptionOptions {
  onSubscribed: () => void;
  onReconnecting: (isReconnecting: boolean) => void;
  /** Called once if no SUBSCRIBED arrives in `joinGraceMs`, so the list loads even without Realtime. */
  onJoinSlow?: () => void;
  joinGraceMs?: number;
  maxRetryMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  watchNetwork?: WatchNetwork;
}

export function keepSubscribed(subscribe: Subscribe, options: LiveSubscriptionOptions): () => void {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  let isActive = true;
  let generation = 0;
  let stop: (() => void) | undefined;
  let retryTimer: unknown;
  let attempt = 0;
  let hasJoined = false;

  const scheduleRetry = () => {
    if (retryTimer !== undefined || !isActive) return;
    const delay = Math.min(1_000 * 2 ** attempt, maxRetryMs);
    attempt += 1;
    retryTimer = setTimer(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
  };

  const connect = async () => {
    if (!isActive) return;
    generation += 1;
    const mine = generation;
    // The old channel's own CLOSED belongs to an older generation and is ignored.
    stop?.();
    stop = undefined;
    try {
      const unsubscribe = await subscribe((status) => {
        if (!isActive || mine !== generation) return;
        if (status === 'SUBSCRIBED') {
          hasJoined = true;
          attempt = 0;
          if (retryTimer !== undefined) clearTimer(retryTimer);
          retryTimer = undefined;
          options.onReconnecting(false);
          options.onSubscribed();
        } else {
          // A channel error may be an ended session (Realtime refuses its token): Auth decides.
          if (status === 'CHANNEL_ERROR') reportSuspectedSessionEnd();
          options.onReconnecting(true);
          scheduleRetry();
        }
      });
      if (!isActive || mine !== generation) unsubscribe();
      else stop = unsubscribe;
    } catch {
      if (mine !== generation) return;
      options.onReconnecting(true);
      scheduleRetry();
    }
  };

  const clearRetry = () => {
    if (retryTimer !== undefined) clearTimer(retryTimer);
    retryTimer = undefined;
  };
  const stopWatchingNetwork = (options.watchNetwork ?? browserNetwork)((isOnline) => {
    if (!isActive) return;
    clearRetry();
    if (isOnline) {
      attempt = 0;
      void connect();
      return;
    }
    // Offline: drop the channel (its socket is gone or about to be) and wait for the network.
    generation += 1;
    stop?.();
    stop = undefined;
    options.onReconnecting(true);
  });

  void connect();
  const grace = setTimer(() => {
    if (!isActive || hasJoined) return;
    options.onReconnecting(true);
    options.onJoinSlow?.();
  }, options.joinGraceMs ?? 2_000);

  return () => {
    isActive = false;
    generation += 1;
    clearTimer(grace);
    clearRetry();
    stopWatchingNetwork();
    stop?.();
  };
}
