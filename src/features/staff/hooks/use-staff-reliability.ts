import { useCallback, useEffect, useState } from 'react';
import { fetchStaffReliability } from '../api/fetch-staff-reliability.ts';
import type { StaffReliability } from '../reliability.ts';

export type ReliabilityState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; byStaff: ReadonlyMap<string, StaffReliability> };

/**
 * Reliability of the agency's staff (or of one worker), read again when `version` changes (the staff
 * list changed) and when the tab comes back into view: shifts are worked and missed meanwhile.
 */
export function useStaffReliability(
  staffId?: string,
  version: unknown = null,
): { state: ReliabilityState; reload: () => void } {
  const [state, setState] = useState<ReliabilityState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  useEffect(() => {
    let isCurrent = true;
    fetchStaffReliability(staffId)
      .then((byStaff) => isCurrent && setState({ status: 'ready', byStaff }))
      // A failed re-read keeps the figures already shown.
      .catch((error: unknown) => isCurrent && setState((s) => (s.status === 'ready' ? s : { status: 'error', error })));
    return () => {
      isCurrent = false;
    };
  }, [staffId, version, generation]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  return { state, reload };
}
