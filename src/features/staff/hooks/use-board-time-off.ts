import { useCallback, useEffect, useRef, useState } from 'react';
import { keepSubscribed } from '@shared/lib/live-subscription.ts';
import { listBoardTimeOff } from '../api/list-board-time-off.ts';
import { subscribeTimeOff } from '../api/subscribe-time-off.ts';
import { boardTimeOffWindow, type BoardTimeOffPeriod } from '../board-time-off.ts';

export type BoardTimeOffState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; periods: BoardTimeOffPeriod[]; at: number };

/** A worker saving a period writes one row; a burst (a join, several edits) becomes one refetch. */
const REFETCH_DEBOUNCE_MS = 150;
/** The 7 days move on: read again now and then so a period that came into them shows. */
const SLIDE_MS = 15 * 60_000;

/**
 * The company's workers' time off in the next 7 days, live: read again when Realtime says a period
 * or an employment changed, on every (re)join of the channel, when the tab comes back into view and
 * every 15 minutes. A failed read after a good one keeps the last answer (the next change or
 * minute reads again); only a first read that fails is an error, with `reload` to retry.
 */
export function useBoardTimeOff(companyId: string): { state: BoardTimeOffState; reload: () => void } {
  const [state, setState] = useState<BoardTimeOffState>({ status: 'loading' });
  const refetchRef = useRef<() => void>(() => {});
  const shownIds = useRef<ReadonlySet<string>>(new Set());
  const reload = useCallback(() => refetchRef.current(), []);

  useEffect(() => {
    let isActive = true;
    let serial = 0;
    let hasFetched = false;
    let hasLoaded = false;
    let debounce: ReturnType<typeof setTimeout> | undefined;

    const refetch = async () => {
      const mine = ++serial;
      hasFetched = true;
      if (!hasLoaded) setState({ status: 'loading' });
      const now = Date.now();
      const { from, to } = boardTimeOffWindow(now);
      try {
        const periods = await listBoardTimeOff(from, to);
        if (!isActive || mine !== serial) return;
        hasLoaded = true;
        shownIds.current = new Set(periods.map((p) => p.id));
        setState({ status: 'ready', periods, at: now });
      } catch (error) {
        if (!isActive || mine !== serial || hasLoaded) return;
        setState({ status: 'error', error });
      }
    };
    refetchRef.current = () => void refetch();
    const onChange = () => {
      if (debounce) clearTimeout(debounce);
      debounce = setTimeout(() => void refetch(), REFETCH_DEBOUNCE_MS);
    };
    const stop = keepSubscribed(
      (onStatus) => subscribeTimeOff(companyId, (id) => shownIds.current.has(id), onChange, onStatus),
      {
        onSubscribed: () => void refetch(),
        onReconnecting: () => {},
        // Without Realtime the strip still loads (and follows the clock and the tab).
        onJoinSlow: () => {
          if (!hasFetched) void refetch();
        },
      },
    );
    const slide = setInterval(() => void refetch(), SLIDE_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      isActive = false;
      if (debounce) clearTimeout(debounce);
      clearInterval(slide);
      document.removeEventListener('visibilitychange', onVisible);
      stop();
    };
  }, [companyId]);

  return { state, reload };
}
