import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { keepSubscribed } from '@shared/lib/live-subscription.ts';
import { showError } from '@shared/lib/toast.ts';
import { useT } from '../../../i18n/use-t.ts';
import { fetchCoverageOverview, type CoverageOverview } from '../api/fetch-coverage-overview.ts';
import { subscribeShiftChanges } from '../api/subscribe-shift-changes.ts';
import { periodRange } from '../insights-format.ts';
import { useDatabaseErrorText } from '@shared/i18n/database-errors.ts';

/** A burst of shift changes (a posting fans out, a clock-out touches the row twice) costs one query. */
export const REFETCH_DEBOUNCE_MS = 500;

export interface CoverageOverviewState {
  overview: CoverageOverview | null;
  isLoading: boolean;
  /** Refetches now (after a re-notify, say). */
  refresh: () => void;
}

/**
 * The coverage overview of the last `days` local days, recomputed (debounced) whenever one of the
 * company's shifts changes and whenever the Realtime channel (re)joins. A failed refetch keeps the
 * numbers shown and says so in a toast.
 */
export function useCoverageOverview(companyId: string, timeZone: string, days: number): CoverageOverviewState {
  const key = `${companyId}:${timeZone}:${days}`;
  const [state, setState] = useState<{ key: string; overview: CoverageOverview | null }>({ key, overview: null });
  const refreshRef = useRef<() => void>(() => {});
  const t = useT();
  const databaseText = useDatabaseErrorText();
  // In the language active when it fails, without re-subscribing when the person switches.
  const loadFailed = useEffectEvent((error: unknown) => {
    // A refusal the database explains, by its code in the person's language; anything else is ours.
    showError(databaseText(error) ?? t('insights.coverage.loadFailed'));
  });

  useEffect(() => {
    let isActive = true;
    let serial = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const load = async () => {
      const mine = ++serial;
      // The period ends at the next local midnight from now, so a page left open rolls over.
      const { from, to } = periodRange(days, new Date(), timeZone);
      try {
        const overview = await fetchCoverageOverview(from, to);
        if (isActive && mine === serial) setState({ key, overview });
      } catch (error) {
        if (!isActive || mine !== serial) return;
        loadFailed(error);
      }
    };
    const schedule = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        void load();
      }, REFETCH_DEBOUNCE_MS);
    };

    refreshRef.current = () => void load();
    void load();
    let hasJoined = false;
    const stop = keepSubscribed((onStatus) => subscribeShiftChanges(companyId, schedule, onStatus), {
      // The first join follows the load above; later rejoins catch up on what the channel missed.
      onSubscribed: () => {
        if (hasJoined) schedule();
        hasJoined = true;
      },
      onReconnecting: () => {},
    });

    return () => {
      isActive = false;
      if (timer !== undefined) clearTimeout(timer);
      stop();
    };
  }, [key, companyId, timeZone, days]);

  const refresh = useCallback(() => refreshRef.current(), []);
  const overview = state.key === key ? state.overview : null;
  return { overview, isLoading: overview == null, refresh };
}
