import { useCallback, useMemo, useState } from 'react';
import type { Subscribe } from '@shared/lib/live-subscription.ts';
import { readCache, writeCache } from '../../../lib/local-cache.ts';
import { useLive } from '../../../lib/use-live.ts';
import { fetchAgencies, type Agency } from '../api/fetch-agencies.ts';
import { subscribeEmployments } from '../api/subscribe-employments.ts';

export interface AgenciesState {
  agencies: Agency[] | null;
  error: unknown;
  reload: () => Promise<void>;
}

/** The worker's agencies, live (a join here, a removal by the agency), cached for offline use. */
export function useAgencies(userId: string): AgenciesState {
  const cacheKey = `agencies:${userId}`;
  const [agencies, setAgencies] = useState<Agency[] | null>(() => readCache<Agency[]>(cacheKey)?.value ?? null);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(async () => {
    try {
      const loaded = await fetchAgencies();
      setAgencies(loaded);
      setError(null);
      writeCache(cacheKey, loaded);
    } catch (caught) {
      setError(caught);
    }
  }, [cacheKey]);

  const subscribe = useMemo<Subscribe>(
    () => (onStatus) => subscribeEmployments(userId, () => void reload(), onStatus),
    [userId, reload],
  );
  useLive(subscribe, () => void reload(), 120_000);

  return { agencies, error, reload };
}
