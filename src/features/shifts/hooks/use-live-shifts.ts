import { useCallback, useEffect, useState } from 'react';
import { listShifts } from '../api/list-shifts.ts';
import { keepSubscribed } from '@shared/lib/live-subscription.ts';
import { subscribeShifts } from '../api/subscribe-shifts.ts';
import { applyShiftChange, mergeSnapshot, reconcileRows, type ShiftChange, type ShiftRow } from '../shift-row.ts';

export interface LiveShifts {
  shifts: ShiftRow[];
  isLoading: boolean;
  error: unknown;
  /** The Realtime channel is down; the hook is rejoining and will refetch when it is back. */
  isReconnecting: boolean;
  /** Applies a change the page made itself (a clock-out's answer, a delete) before Realtime echoes it. */
  applyChange: (change: ShiftChange) => void;
}

interface State {
  key: string;
  shifts: ShiftRow[];
  isLoading: boolean;
  error: unknown;
  isReconnecting: boolean;
}

/**
 * The company's shifts (or one worker's), kept live. Each (re)subscription ends in a fetch, and
 * the changes that arrive while it runs are replayed on top of its snapshot, so nothing between
 * the snapshot and the channel is lost; rows are updated in place, never cleared and reloaded.
 * A channel that errors, times out or closes is replaced with back-off (lib/live-subscription).
 */
export function useLiveShifts(companyId: string, acceptedBy?: string): LiveShifts {
  const key = `${companyId}:${acceptedBy ?? ''}`;
  const [state, setState] = useState<State>({ key, shifts: [], isLoading: true, error: null, isReconnecting: false });

  useEffect(() => {
    let isActive = true;
    let fetchSerial = 0;
    let changesDuringFetch: ShiftChange[] | null = null;
    let hasFetched = false;

    const set = (update: (s: State) => Partial<State>) =>
      setState((s) => {
        const current: State =
          s.key === key ? s : { key, shifts: [], isLoading: true, error: null, isReconnecting: false };
        return { ...current, ...update(current) };
      });

    const keep = (change: ShiftChange): ShiftChange =>
      acceptedBy && change.type === 'upsert' && change.row.accepted_by !== acceptedBy
        ? { type: 'delete', id: change.row.id }
        : change;

    const onChange = (raw: ShiftChange) => {
      if (!isActive) return;
      const change = keep(raw);
      changesDuringFetch?.push(change);
      set((s) => ({ shifts: applyShiftChange(s.shifts, change) }));
    };

    const refetch = async () => {
      const serial = ++fetchSerial;
      changesDuringFetch = [];
      hasFetched = true;
      try {
        const snapshot = await listShifts(companyId, { acceptedBy });
        if (!isActive || serial !== fetchSerial) return;
        const merged = mergeSnapshot(snapshot, changesDuringFetch);
        changesDuringFetch = null;
        set((s) => ({ shifts: reconcileRows(s.shifts, merged), isLoading: false, error: null }));
      } catch (error) {
        if (!isActive || serial !== fetchSerial) return;
        changesDuringFetch = null;
        // A failed refetch keeps what is shown; only a first load without rows shows the error.
        set((s) => ({ isLoading: false, error: s.isLoading ? error : s.error }));
      }
    };

    const stop = keepSubscribed((onStatus) => subscribeShifts(companyId, onChange, onStatus), {
      onSubscribed: () => void refetch(),
      onReconnecting: (isReconnecting) => isActive && set(() => ({ isReconnecting })),
      onJoinSlow: () => {
        if (!hasFetched) void refetch();
      },
    });

    return () => {
      isActive = false;
      stop();
    };
  }, [key, companyId, acceptedBy]);

  const applyChange = useCallback(
    (change: ShiftChange) =>
      setState((s) => (s.key === key ? { ...s, shifts: applyShiftChange(s.shifts, change) } : s)),
    [key],
  );

  if (state.key !== key) return { shifts: [], isLoading: true, error: null, isReconnecting: false, applyChange };
  return { ...state, applyChange };
}
