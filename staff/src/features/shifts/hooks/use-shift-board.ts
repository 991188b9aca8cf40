import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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

/** How long live changes gather before the open shifts are asked for again (a burst of posts is one call). */
const VERIFY_DELAY_MS = 250;

/**
 * The shifts the worker is offered (open ones of their agencies they may take) and their own, live
 * over Realtime and kept in a local copy for offline use; screens pick the part they show.
 *
 * Realtime sends every open shift of the worker's agencies, including ones they may not take (it
 * overlaps a shift they hold, or falls in their time off): only the database knows, so a new open
 * shift is shown once the open shifts have been asked for again, never straight from the event.
 * A change to the worker's own shifts (accepted, clocked out) can change what they may take, so it
 * asks again too.
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
  // Loads can overlap (a live change, the half-minute poll, an accept): only the latest one counts.
  const latestLoad = useRef(0);

  const reload = useCallback(async () => {
    const load = ++latestLoad.current;
    try {
      const { open, mine } = await fetchShifts(userId);
      if (load !== latestLoad.current) return;
      const records = new Map<string, ShiftRecord>();
      for (const row of [...open, ...mine]) records.set(row.id, row);
      hasLoaded.current = true;
      setState({ records, loadedAt: new Date().toISOString() });
      setError(null);
      writeCache<Cached>(cacheKey, { records: [...records.values()] });
    } catch (caught) {
      if (load === latestLoad.current) setError(caught);
    }
  }, [userId, cacheKey]);

  const known = useRef(state.records);
  useEffect(() => {
    known.current = state.records;
  }, [state.records]);
  const verifyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  }, [reload]);
  const verifySoon = useCallback(() => {
    clearTimeout(verifyTimer.current);
    verifyTimer.current = setTimeout(() => void reloadRef.current(), VERIFY_DELAY_MS);
  }, []);
  useEffect(() => () => clearTimeout(verifyTimer.current), []);

  const onEvent = useCallback(
    (event: ShiftEvent) => {
      if (event.type === 'upsert') {
        if (hasLoaded.current) {
          setArrivedLive((previous) => (previous.has(event.row.id) ? previous : new Set(previous).add(event.row.id)));
        }
        const isOpen = event.row.accepted_at === null;
        if (isOpen && !known.current?.has(event.row.id)) {
          // Posted (or given back) just now: on the board once the database offers it to this worker.
          verifySoon();
          return;
        }
        if (event.row.accepted_by === userId) verifySoon();
      }
      setState((previous) => {
        if (!previous.records) return previous;
        // Deletes arrive for every agency's shifts (they cannot be filtered): most are not ours.
        if (event.type === 'delete' && !previous.records.has(event.id)) return previous;
        const records = new Map(previous.records);
        if (event.type === 'delete') records.delete(event.id);
        else records.set(event.row.id, event.row);
        return { ...previous, records };
      });
    },
    [userId, verifySoon],
  );

  const drop = useCallback((shiftId: string) => onEvent({ type: 'delete', id: shiftId }), [onEvent]);

  // A join or a removal changes the agencies: subscribe again (the rejoin refetches the board).
  const companyKey = [...agencies.keys()].sort().join(',');
  const subscribe = useMemo<Subscribe>(
    () => (onStatus) => subscribeShifts(userId, companyKey ? companyKey.split(',') : [], onEvent, onStatus),
    [userId, companyKey, onEvent],
  );
  const isReconnecting = useLive(subscribe, () => void reload());

  const shifts = useMemo(
    () => (state.records ? [...state.records.values()].map((row) => toStaffShift(row, userId, agencies)) : null),
    [state.records, userId, agencies],
  );

  return { shifts, arrivedLive, error, isReconnecting, loadedAt: state.loadedAt, reload, drop };
}
