import { Suspense, type ReactNode } from 'react';
import { CenteredLoader } from '@shared/components/CenteredLoader.tsx';
import { PanelErrorBoundary } from '@shared/components/PanelErrorBoundary.tsx';
import { paths } from '@shared/config/paths.ts';
import { routePath, useLocation } from '@shared/lib/router.tsx';
import { GuestOnly } from './guards/GuestOnly.tsx';
import { RequireCompany } from './guards/RequireCompany.tsx';
import { isDashboardPath, pageAt } from './pages.ts';
import { useT } from '../i18n/use-t.ts';

/** Pages only for someone signed out: a signed-in company goes on to the dashboard. */
const GUEST_ONLY: readonly string[] = [paths.signup, paths.login, paths.forgotPassword];

/**
 * The page at a matched path (routePath), inside its guard. The reset-password page is in neither: its link signs
 * the account in before the new password is set.
 */
function guardedPageAt(path: string): ReactNode {
  const Page = pageAt(path);
  if (GUEST_ONLY.includes(path)) return <GuestOnly page={<Page />} />;
  if (path === paths.onboard || isDashboardPath(path)) return <RequireCompany page={<Page />} />;
  return <Page />;
}

export function AppRoutes() {
  const t = useT();
  const { pathname } = useLocation();
  const path = routePath(pathname);
  // The last line of defence: a page that throws shows an error with a retry, never a white screen.
  // The dashboard's sections and panels have boundaries of their own inside this one.
  return (
    <PanelErrorBoundary label={t('shell.panel.page')} resetKey={isDashboardPath(path) ? paths.dashboard : path}>
      <Suspense fallback={<CenteredLoader />}>{guardedPageAt(path)}</Suspense>
    </PanelErrorBoundary>
  );
}
