import { useEffect, useState } from 'react';
import { keepSubscribed } from '@shared/lib/live-subscription.ts';
import { listCompanyStaff } from '../api/list-company-staff.ts';
import { subscribeCompanyStaff } from '../api/subscribe-company-staff.ts';
import type { StaffMember } from '../staff-member.ts';

interface State {
  companyId: string;
  staff: StaffMember[];
  isLoading: boolean;
  error: unknown;
  isReconnecting: boolean;
}

/** Bursts of changes (a sign-up writes the worker and the employment) become one refetch. */
const REFETCH_DEBOUNCE_MS = 80;

/** The company's staff, refetched whenever Realtime says it changed and on every (re)join. */
export function useLiveStaff(companyId: string) {
  const [state, setState] = useState<State>({
    companyId,
    staff: [],
    isLoading: true,
    error: null,
    isReconnecting: false,
  });

  useEffect(() => {
    let isActive = true;
    let serial = 0;
    let hasFetched = false;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    const set = (update: Partial<State>) =>
      setState((s) =>
        s.companyId === companyId
          ? { ...s, ...update }
          : { companyId, staff: [], isLoading: true, error: null, isReconnecting: false, ...update },
      );

    const refetch = async () => {
      const mine = ++serial;
      hasFetched = true;
      try {
        const staff = await listCompanyStaff(companyId);
        if (isActive && mine === serial) set({ staff, isLoading: false, error: null });
      } catch (error) {
        if (isActive && mine === serial)
          setState((s) => ({ ...s, isLoading: false, error: s.isLoading ? error : s.error }));
      }
    };
    const onChange = () => {
      if (debounce) clearTimeout(debounce);
      debounce = setTimeout(() => void refetch(), REFETCH_DEBOUNCE_MS);
    };

    const stop = keepSubscribed((onStatus) => subscribeCompanyStaff(companyId, onChange, onStatus), {
      onSubscribed: () => void refetch(),
      onReconnecting: (isReconnecting) => isActive && set({ isReconnecting }),
      onJoinSlow: () => {
        if (!hasFetched) void refetch();
      },
    });
    return () => {
      isActive = false;
      if (debounce) clearTimeout(debounce);
      stop();
    };
  }, [companyId]);

  if (state.companyId !== companyId) return { staff: [], isLoading: true, error: null, isReconnecting: false };
  return state;
}
