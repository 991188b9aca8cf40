import { useEffect, useState } from 'react';
import { countLateShifts } from '../api/count-late-shifts.ts';

/** The watchdog raises alerts once a minute; asking twice as often keeps the badge within its pace. */
const POLL_MS = 30_000;

/**
 * The sidebar's count of late workers, wherever the scheduler is in the dashboard. A count query
 * every 30 s and when the tab comes back into view, rather than a second live channel on every
 * shift change beside the board's own. A failed read keeps the last count.
 */
export function useLateShiftCount(companyId: string | undefined): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!companyId) return;
    let isActive = true;
    const ask = () => {
      countLateShifts(companyId, new Date())
        .then((n) => isActive && setCount(n))
        .catch(() => undefined);
    };
    ask();
    const timer = window.setInterval(ask, POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') ask();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      isActive = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [companyId]);
  return companyId ? count : 0;
}
