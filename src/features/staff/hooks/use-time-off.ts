import { useCallback, useEffect, useState } from 'react';
import { upcomingTimeOff, type TimeOffPeriod } from '@shared/lib/time-off.ts';
import { listTimeOff } from '../api/list-time-off.ts';

export type TimeOffState =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; periods: TimeOffPeriod[] };

/**
 * The worker's current and upcoming time off. Read again when the tab comes back into view: the
 * worker changes it from their phone, and a scheduler coming back to this page should see that.
 */
export function useTimeOff(staffId: string): { state: TimeOffState; reload: () => void } {
  const [state, setState] = useState<TimeOffState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  useEffect(() => {
    let current = true;
    const now = new Date();
    listTimeOff(staffId, now)
      .then((periods) => current && setState({ status: 'ready', periods: upcomingTimeOff(periods, now) }))
      .catch((error: unknown) => current && setState({ status: 'error', error }));
    return () => {
      current = false;
    };
  }, [staffId, generation]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  return { state, reload };
}
