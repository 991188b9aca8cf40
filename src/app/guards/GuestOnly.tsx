import type { ReactNode } from 'react';
import { CenteredLoader } from '@shared/components/CenteredLoader.tsx';
import { Navigate, useLocation } from '@shared/lib/router.tsx';
import { dashboardPaths } from '@shared/config/dashboard-paths.ts';
import { useAuth } from '../../features/auth/hooks/auth-context.ts';
import { redirectTarget } from './redirect-state.ts';

/** /login and /signup: a signed-in company goes on to the dashboard. */
export function GuestOnly({ page }: { page: ReactNode }) {
  const { status, session } = useAuth();
  const location = useLocation();
  // Only a session being restored hides the form; a sign-in in progress keeps it (and its state) mounted.
  if (status === 'loading' && !session) return <CenteredLoader />;
  if (status === 'company') return <Navigate to={redirectTarget(location.state, dashboardPaths.shiftCall)} replace />;
  return page;
}
