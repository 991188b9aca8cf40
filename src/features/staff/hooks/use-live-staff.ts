import { useCallback, useEffect, useRef, useState } from 'react';
import { keepSubscribed } from '@shared/lib/live-subscription.ts';
import { listCompanyStaff } from '../api/list-company-staff.ts';
import { listStaffInvites } from '../api/list-staff-invites.ts';
import { subscribeCompanyStaff } from '../api/subscribe-company-staff.ts';
import type { StaffInvite } from '../staff-invite.ts';
import type { StaffMember } from '../staff-member.ts';

export interface LiveStaff {
  staff: StaffMember[];
  /** Pending invitations (expired ones included); null until first loaded. */
  invites: StaffInvite[] | null;
  isLoading: boolean;
  error: unknown;
  invitesError: unknown;
  isReconnecting: boolean;
}

interface State extends LiveStaff {
  companyId: string;
}

const initial = (companyId: string): State => ({
  companyId,
  staff: [],
  invites: null,
  isLoading: true,
  error: null,
  invitesError: null,
  isReconnecting: false,
});

/** Bursts of changes (a sign-up writes the worker and the employment) become one refetch. */
const REFETCH_DEBOUNCE_MS = 80;

/**
 * The company's staff and pending invitations, refetched together whenever Realtime says either
 * changed and on every (re)join: a worker who accepts leaves the invitations and joins the staff in
 * the same render. A failure of one list leaves the other standing.
 */
export function useLiveStaff(companyId: string): LiveStaff & { reload: () => void } {
  const [state, setState] = useState<State>(() => initial(companyId));
  const refetchRef = useRef<() => void>(() => {});
  // After the agency's own change (an invitation sent or withdrawn) the lists need not wait for
  // Realtime, which may be reconnecting.
  const reload = useCallback(() => refetchRef.current(), []);

  useEffect(() => {
    let isActive = true;
    let serial = 0;
    let hasFetched = false;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    const set = (update: (s: State) => Partial<State>) =>
      setState((s) => {
        const current = s.companyId === companyId ? s : initial(companyId);
        return { ...current, ...update(current) };
      });

    const refetch = async () => {
      const mine = ++serial;
      hasFetched = true;
      const [staff, invites] = await Promise.allSettled([listCompanyStaff(companyId), listStaffInvites(companyId)]);
      if (!isActive || mine !== serial) return;
      set((s) => ({
        ...(staff.status === 'fulfilled'
          ? { staff: staff.value, error: null }
          : { error: s.isLoading ? staff.reason : s.error }),
        ...(invites.status === 'fulfilled'
          ? { invites: invites.value, invitesError: null }
          : { invitesError: s.invites === null ? invites.reason : s.invitesError }),
        isLoading: false,
      }));
    };
    refetchRef.current = () => void refetch();
    const onChange = () => {
      if (debounce) clearTimeout(debounce);
      debounce = setTimeout(() => void refetch(), REFETCH_DEBOUNCE_MS);
    };

    const stop = keepSubscribed((onStatus) => subscribeCompanyStaff(companyId, onChange, onStatus), {
      onSubscribed: () => void refetch(),
      onReconnecting: (isReconnecting) => isActive && set(() => ({ isReconnecting })),
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

  if (state.companyId !== companyId) return { ...initial(companyId), reload };
  return { ...state, reload };
}
