import { useEffect, useState } from 'react';
import { fetchCompanyProfile, type CompanyProfile } from '../api/fetch-company-profile.ts';

interface CompanyProfileState {
  profile: CompanyProfile | null;
  isLoading: boolean;
  error: unknown;
}

/** Loads the company's row once per company id. */
export function useCompanyProfile(companyId: string | undefined): CompanyProfileState {
  const [state, setState] = useState<CompanyProfileState & { companyId?: string }>({
    profile: null,
    isLoading: true,
    error: null,
  });

  useEffect(() => {
    if (!companyId) return;
    let isCurrent = true;
    fetchCompanyProfile(companyId)
      .then((profile) => isCurrent && setState({ companyId, profile, isLoading: false, error: null }))
      .catch((error: unknown) => isCurrent && setState({ companyId, profile: null, isLoading: false, error }));
    return () => {
      isCurrent = false;
    };
  }, [companyId]);

  if (state.companyId !== companyId) return { profile: null, isLoading: true, error: null };
  return state;
}
