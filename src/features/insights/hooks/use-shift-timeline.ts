import { useEffect, useState } from 'react';
import { showError } from '@shared/lib/toast.ts';
import { fetchShiftTimeline, type TimelineStep } from '../api/fetch-shift-timeline.ts';

/** The timeline of `shiftId` (null: none asked for); steps is null while it loads. */
export function useShiftTimeline(shiftId: string | null): { steps: TimelineStep[] | null } {
  const [state, setState] = useState<{ id: string | null; steps: TimelineStep[] | null }>({ id: null, steps: null });

  useEffect(() => {
    if (!shiftId) return;
    let isActive = true;
    fetchShiftTimeline(shiftId).then(
      (steps) => {
        if (isActive) setState({ id: shiftId, steps });
      },
      () => {
        if (!isActive) return;
        showError('Failed to load the shift timeline');
        setState({ id: shiftId, steps: [] });
      },
    );
    return () => {
      isActive = false;
    };
  }, [shiftId]);

  return { steps: state.id === shiftId ? state.steps : null };
}
