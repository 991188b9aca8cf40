import { useEffect, useEffectEvent, useState } from 'react';
import { keepSubscribed } from '@shared/lib/live-subscription.ts';
import { showError } from '@shared/lib/toast.ts';
import { useT } from '../../../i18n/use-t.ts';
import { fetchShiftTimeline, type TimelineStep } from '../api/fetch-shift-timeline.ts';
import { subscribeShiftTimeline } from '../api/subscribe-shift-timeline.ts';

/** A wave touches the shift and its waves in one transaction: one refetch for the burst. */
export const TIMELINE_REFETCH_DEBOUNCE_MS = 300;

/**
 * The timeline of `shiftId` (null: none asked for); steps is null while it first loads. It follows
 * the shift live: each dispatch wave, an accept, a clock-in, the unfilled flag appear as they happen,
 * and everything missed while the channel was down is fetched on rejoin.
 */
export function useShiftTimeline(shiftId: string | null): { steps: TimelineStep[] | null } {
  const [state, setState] = useState<{ id: string | null; steps: TimelineStep[] | null }>({ id: null, steps: null });
  const t = useT();
  // In the language active when it fails, without re-subscribing when the person switches.
  const loadFailed = useEffectEvent(() => showError(t('insights.timeline.loadFailed')));

  useEffect(() => {
    if (!shiftId) return;
    let isActive = true;
    let serial = 0;
    let hasLoaded = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      const mine = ++serial;
      fetchShiftTimeline(shiftId).then(
        (steps) => {
          if (!isActive || mine !== serial) return;
          hasLoaded = true;
          setState({ id: shiftId, steps });
        },
        () => {
          if (!isActive || mine !== serial) return;
          loadFailed();
          // A failed refresh keeps what is shown; a failed first load shows the empty state.
          if (!hasLoaded) setState({ id: shiftId, steps: [] });
        },
      );
    };
    const schedule = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        load();
      }, TIMELINE_REFETCH_DEBOUNCE_MS);
    };

    load();
    const stop = keepSubscribed((onStatus) => subscribeShiftTimeline(shiftId, schedule, onStatus), {
      // Every join, the first too, catches up: a wave sent after the load above but before the
      // channel joined would otherwise never show (a drawer is open for minutes; one more read is cheap).
      onSubscribed: schedule,
      onReconnecting: () => {},
    });
    return () => {
      isActive = false;
      if (timer !== undefined) clearTimeout(timer);
      stop();
    };
  }, [shiftId]);

  return { steps: state.id === shiftId ? state.steps : null };
}
