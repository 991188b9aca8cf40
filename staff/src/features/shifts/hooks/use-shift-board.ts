import { useCallback, useMemo, useRef, useState } from 'react';
import type { Subscribe } from '@shared/lib/live-subscription.ts';
import { readCache, writeCache } from '../../../lib/local-cache.ts';
import { useLive } from '../../../lib/use-live.ts';
import { fetchShifts } from '../api/fetch-shifts.ts';
import { subscribeShifts, type ShiftEvent } from '../api/subscribe-shifts.ts';
import { toStaffShift, type AgencyInfo, type ShiftRecord, type StaffShift } from '../staff-shift.ts';

export interface ShiftBoard {
  /** Null until the first load (or the offline copy) is there. */
  shifts: StaffShift[] | null;
  /** Ids that arrived live while the app was open, for a "New" mark. */
  arrivedLive: ReadonlySet<string>;
  error: unknown;
  isReconnecting: boolean;
  /** When the shown data was loaded; older than this session when it comes from the offline copy. */
  loadedAt: string | null;
  reload: () => Promise<void>;
  /** Takes a shift off the board at once (taken by a colleague), before the next refetch confirms it. */
  drop: (shiftId: string) => void;
}

interface Cached {
  records: ShiftRecord[];
}

/**
 * Every shift the worker may see (open ones of their agencies and their own), live over Realtime
 * and kept in a local copy for offline use; screens pick the part they show.
 */
export function useShiftBoard(userId: string, agencies: ReadonlyMap<string, AgencyInfo>): ShiftBoard {
  const cacheKey = `shifts:${userId}`;
  const [state, setState] = useState(() => {
    const cached = readCache<Cached>(cacheKey);
    return {
      records: cached ? new Map(cached.value.records.map((r) => [r.id, r])) : null,
      loadedAt: cached?.savedAt ?? null,
    };
  });
  const [arrivedLive, setArrivedLive] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<unknown>(null);
  const hasLoaded = useRef(false);

  const reload = useCallback(async () => {
    try {
      const { open, mine } = await fetchShifts(userId);
      const records = new Map<string, ShiftRecord>();
      for (const row of [...open, ...mine]) records.set(row.id, row);
      hasLoaded.current = true;
      setState({ records, loadedAt: new Date().toISOString() });
      setError(null);
      writeCache<Cached>(cacheKey, { records: [...records.values()] });
    } catch (caught) {
      setError(caught);
    }
  }, [userId, cacheKey]);

  const onEvent = useCallback((event: ShiftEvent) => {
    setState((previous) => {
      if (!previous.records) return previous;
      const records = new Map(previous.records);
      if (event.type === 'delete') records.delete(event.id);
      else records.set(event.row.id, event.row);
      return { ...previous, records };
    });
    if (event.type === 'upsert' && hasLoaded.current) {
      setArrivedLive((previous) => (previous.has(event.row.id) ? previous : new Set(previous).add(event.row.id)));
    }
  }, []);

  const drop = useCallback((shiftId: string) => onEvent({ type: 'delete', id: shiftId }), [onEvent]);

  const subscribe = useMemo<Subscribe>(
    () => (onStatus) => subscribeShifts(userId, onEvent, onStatus),
    [userId, onEvent],
  );
  const isReconnecting = useLive(subscribe, () => void reload());

  const shifts = useMemo(
    () => (state.records ? [...state.records.values()].map((row) => toStaffShift(row, userId, agencies)) : null),
    [state.records, userId, agencies],
  );

  return { shifts, arrivedLive, error, isReconnecting, loadedAt: state.loadedAt, reload, drop };
}
