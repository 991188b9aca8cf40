import type { ReactNode } from 'react';
import { CenteredLoader } from '@shared/components/CenteredLoader.tsx';
import { Navigate, useLocation } from '@shared/lib/router.tsx';
import { paths } from '@shared/config/paths.ts';
import { useAuth } from '../../features/auth/hooks/auth-context.ts';
import type { RedirectState } from './redirect-state.ts';

/** /onboard and /dashboard/*: only a signed-in company; anyone else goes to /login. */
export function RequireCompany({ page }: { page: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <CenteredLoader />;
  if (status !== 'company') {
    const state: RedirectState = { from: location.pathname };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return page;
}
