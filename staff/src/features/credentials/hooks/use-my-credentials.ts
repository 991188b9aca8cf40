import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchMyCredentials } from '../api/fetch-my-credentials.ts';
import type { MyCredential } from '../credential-status.ts';

export interface MyCredentialsState {
  /** Null until the first load. */
  credentials: MyCredential[] | null;
  error: unknown;
  reload: () => Promise<void>;
}

/** The worker's credentials, loaded when the screen opens and on retry. */
export function useMyCredentials(userId: string): MyCredentialsState {
  const [credentials, setCredentials] = useState<MyCredential[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const latestLoad = useRef(0);

  const reload = useCallback(async () => {
    const load = ++latestLoad.current;
    // A retry shows the skeleton again rather than the old error while it waits.
    setError(null);
    try {
      const loaded = await fetchMyCredentials(userId);
      if (load !== latestLoad.current) return;
      setCredentials(loaded);
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

  return { credentials, error, reload };
}
