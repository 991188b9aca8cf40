import { useEffect, useState } from 'react';
import { fetchCompany, type Company } from '../api/fetch-company.ts';
import { subscribeCompany } from '../api/subscribe-company.ts';

interface CompanyState {
  company: Company | null;
  isLoading: boolean;
  error: unknown;
}

/** The company's row, loaded once and kept live through a Realtime subscription. */
export function useCompany(companyId: string | undefined): CompanyState {
  const [state, setState] = useState<CompanyState & { companyId?: string }>({
    company: null,
    isLoading: true,
    error: null,
  });

  useEffect(() => {
    if (!companyId) return;
    let isCurrent = true;
    let unsubscribe: (() => void) | undefined;
    // Subscribe first so an update landing during the fetch is not lost.
    subscribeCompany(companyId, (company) => {
      if (isCurrent) setState((s) => ({ ...s, companyId, company: { ...s.company, ...company }, isLoading: false }));
    })
      .then((stop) => (isCurrent ? (unsubscribe = stop) : stop()))
      .catch((error: unknown) => console.warn('Live company updates are unavailable', error));
    fetchCompany(companyId)
      .then((company) => isCurrent && setState({ companyId, company, isLoading: false, error: null }))
      .catch((error: unknown) => isCurrent && setState({ companyId, company: null, isLoading: false, error }));
    return () => {
      isCurrent = false;
      unsubscribe?.();
    };
  }, [companyId]);

  if (state.companyId !== companyId) return { company: null, isLoading: true, error: null };
  return state;
}
