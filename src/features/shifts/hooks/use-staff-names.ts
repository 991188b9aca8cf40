import { useEffect, useMemo, useState } from 'react';
import { fetchStaffNames } from '../api/fetch-staff-names.ts';

const RETRY_MS = 3_000;

/**
 * Names of the workers who accepted the listed shifts, fetched once per id (a newly accepted
 * shift asks only for its worker). An id missing from the map is still loading.
 */
export function useStaffNames(ids: readonly (string | null)[]): ReadonlyMap<string, string | null> {
  const [names, setNames] = useState<ReadonlyMap<string, string | null>>(() => new Map());
  // Ids asked for (answered or in flight); a Set held in state so each id is requested once.
  const [requested] = useState(() => new Set<string>());
  const [retry, setRetry] = useState(0);

  const missing = useMemo(() => {
    void retry;
    const out = new Set<string>();
    for (const id of ids) if (id && !requested.has(id)) out.add(id);
    return [...out];
  }, [ids, requested, retry]);

  useEffect(() => {
    if (missing.length === 0) return;
    for (const id of missing) requested.add(id);
    fetchStaffNames(missing)
      .then((found) => setNames((prev) => new Map([...prev, ...found])))
      .catch(() => {
        for (const id of missing) requested.delete(id);
        setTimeout(() => setRetry((n) => n + 1), RETRY_MS);
      });
  }, [missing, requested]);

  return names;
}
