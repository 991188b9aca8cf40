import { useCallback, useEffect, useState } from 'react';

export interface Position {
  latitude: number;
  longitude: number;
  accuracy: number;
}

export type PositionState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'found'; position: Position }
  | { status: 'unavailable'; reason: PositionFailure };

/** Why there is no position; the screen says it in the worker's language. */
export type PositionFailure = 'denied' | 'timeout' | 'notFound' | 'unsupported';

function reasonOf(error: GeolocationPositionError): PositionFailure {
  if (error.code === error.PERMISSION_DENIED) return 'denied';
  if (error.code === error.TIMEOUT) return 'timeout';
  return 'notFound';
}

/**
 * Asks the phone for its position once (`locate`), or at once when `immediately`. A clock-in asks
 * for a `fresh` fix: a position remembered from the home screen may be from somewhere else.
 */
export function usePosition(immediately = false, fresh = false): { state: PositionState; locate: () => void } {
  const [state, setState] = useState<PositionState>(() =>
    typeof navigator !== 'undefined' && !navigator.geolocation
      ? { status: 'unavailable', reason: 'unsupported' }
      : { status: 'idle' },
  );

  const locate = useCallback(() => {
    if (!navigator.geolocation) return;
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (found) =>
        setState({
          status: 'found',
          position: {
            latitude: found.coords.latitude,
            longitude: found.coords.longitude,
            accuracy: found.coords.accuracy,
          },
        }),
      (error) => setState({ status: 'unavailable', reason: reasonOf(error) }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: fresh ? 0 : 60_000 },
    );
  }, [fresh]);

  useEffect(() => {
    if (immediately) locate();
  }, [immediately, locate]);

  return { state, locate };
}

/** Whether the worker already allowed location, so distances can show without asking. */
export function useLocationAllowed(): boolean {
  const [isAllowed, setIsAllowed] = useState(false);
  useEffect(() => {
    let status: PermissionStatus | undefined;
    const update = () => setIsAllowed(status?.state === 'granted');
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((found) => {
        status = found;
        update();
        found.addEventListener('change', update);
      })
      .catch(() => setIsAllowed(false));
    return () => status?.removeEventListener('change', update);
  }, []);
  return isAllowed;
}
