import { useEffect, useState } from 'react';
import { keepSubscribed } from '@shared/lib/live-subscription.ts';
import { fetchCompany, type Company } from '../api/fetch-company.ts';
import { subscribeCompany } from '../api/subscribe-company.ts';

interface CompanyState {
  company: Company | null;
  isLoading: boolean;
  error: unknown;
}

/**
 * The company's row, kept live through Realtime: refetched on every (re)join, so a payment or a
 * post that landed while the channel was down is not missed, and updated by each change.
 */
export function useCompany(companyId: string | undefined): CompanyState {
  const [state, setState] = useState<CompanyState & { companyId?: string }>({
    company: null,
    isLoading: true,
    error: null,
  });

  useEffect(() => {
    if (!companyId) return;
    let isActive = true;
    let serial = 0;
    let hasFetched = false;
    const refetch = async () => {
      const mine = ++serial;
      hasFetched = true;
      try {
        const company = await fetchCompany(companyId);
        if (isActive && mine === serial) setState({ companyId, company, isLoading: false, error: null });
      } catch (error) {
        // A failed refetch keeps the row already shown; only a first load reports the error.
        if (isActive && mine === serial)
          setState((s) =>
            s.companyId === companyId && s.company ? s : { companyId, company: null, isLoading: false, error },
          );
      }
    };
    const stop = keepSubscribed(
      (onStatus) =>
        subscribeCompany(
          companyId,
          (company) => {
            if (!isActive) return;
            serial += 1; // a change newer than any refetch in flight wins
            setState((s) => ({ ...s, companyId, company: { ...s.company, ...company }, isLoading: false }));
          },
          onStatus,
        ),
      {
        onSubscribed: () => void refetch(),
        onReconnecting: () => undefined,
        onJoinSlow: () => {
          if (!hasFetched) void refetch();
        },
      },
    );
    return () => {
      isActive = false;
      stop();
    };
  }, [companyId]);

  if (state.companyId !== companyId) return { company: null, isLoading: true, error: null };
  return state;
}
