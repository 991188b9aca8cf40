import { useCallback, useMemo, useState } from 'react';
import { useFollowLocale } from '@shared/i18n/use-follow-locale.tsx';
import type { Subscribe } from '@shared/lib/live-subscription.ts';
import { useLive } from '../../../lib/use-live.ts';
import { fetchStaffLocale } from '../api/fetch-staff-locale.ts';
import { subscribeStaffLocale } from '../api/subscribe-staff-locale.ts';

/**
 * The signed-in worker's stored language applied to the app, on every device they use: read on
 * sign-in and on each (re)join, and followed live when another of their sessions changes it.
 */
export function useStaffLocale(userId: string): void {
  const [stored, setStored] = useState<string | null>(null);
  const reload = useCallback(() => {
    fetchStaffLocale(userId).then(setStored, () => {
      // Offline: the app keeps the language it has.
    });
  }, [userId]);
  const subscribe = useMemo<Subscribe>(() => (onStatus) => subscribeStaffLocale(userId, setStored, onStatus), [userId]);
  useLive(subscribe, reload, 300_000);
  useFollowLocale(stored);
}
