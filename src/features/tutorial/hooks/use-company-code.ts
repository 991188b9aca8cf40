import { useEffect, useState } from 'react';
import { fetchCompanyCode } from '../api/fetch-company-code.ts';

/** The company code for the tutorial's staff step: undefined while loading, null if it could not be read. */
export function useCompanyCode(companyId: string): string | null | undefined {
  const [state, setState] = useState<{ companyId: string; code: string | null } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    fetchCompanyCode(companyId)
      .then((code) => isCurrent && setState({ companyId, code }))
      .catch(() => isCurrent && setState({ companyId, code: null }));
    return () => {
      isCurrent = false;
    };
  }, [companyId]);
  return state?.companyId === companyId ? state.code : undefined;
}
