import { useEffect, useState } from 'react';
import { fetchShiftAvailability, type ShiftAvailability } from '../api/fetch-shift-availability.ts';

export type AvailabilityState =
  | { status: 'checking' }
  | { status: 'failed'; error: unknown; retry: () => void }
  | { status: 'known'; availability: ShiftAvailability };

/** Asks once per shift (and again on retry) whether the worker can still take it. */
export function useShiftAvailability(shiftId: string, userId: string): AvailabilityState {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: AvailabilityState } | null>(null);
  const key = `${shiftId}:${attempt}`;

  useEffect(() => {
    let isActive = true;
    fetchShiftAvailability(shiftId, userId).then(
      (availability) => isActive && setResult({ key, state: { status: 'known', availability } }),
      (error: unknown) =>
        isActive && setResult({ key, state: { status: 'failed', error, retry: () => setAttempt((a) => a + 1) } }),
    );
    return () => {
      isActive = false;
    };
  }, [key, shiftId, userId]);

  return result?.key === key ? result.state : { status: 'checking' };
}
