import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchTimeOff } from '../api/fetch-time-off.ts';
import type { TimeOff } from '../time-off-period.ts';

export interface TimeOffState {
  /** Null until the first load. */
  periods: TimeOff[] | null;
  error: unknown;
  reload: () => Promise<void>;
}

/** The worker's current and upcoming time off, loaded when the screen opens and after each change. */
export function useTimeOff(userId: string): TimeOffState {
  const [periods, setPeriods] = useState<TimeOff[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const latestLoad = useRef(0);

  const reload = useCallback(async () => {
    const load = ++latestLoad.current;
    try {
      const loaded = await fetchTimeOff(userId);
      if (load !== latestLoad.current) return;
      setPeriods(loaded);
      setError(null);
    } catch (caught) {
      if (load === latestLoad.current) setError(caught);
    }
  }, [userId]);

  useEffect(() => {
    void reload();
    // A newer load (or leaving the screen) makes this one's answer stale.
    return () => {
      latestLoad.current += 1;
    };
  }, [reload]);

  return { periods, error, reload };
}
