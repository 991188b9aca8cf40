import { Suspense, type ReactNode } from 'react';
import { CenteredLoader } from '@shared/components/CenteredLoader.tsx';
import { PanelErrorBoundary } from '@shared/components/PanelErrorBoundary.tsx';
import { paths } from '@shared/config/paths.ts';
import { routePath, useLocation } from '@shared/lib/router.tsx';
import { GuestOnly } from './guards/GuestOnly.tsx';
import { RequireCompany } from './guards/RequireCompany.tsx';
import {
  DashboardPage,
  ForgotPasswordPage,
  HomePage,
  LoginPage,
  NotFoundPage,
  OnboardPage,
  PrivacyPage,
  ResetPasswordPage,
  SignupPage,
} from './pages.ts';
import { useT } from '../i18n/use-t.ts';

/** The page at an address; guest and company pages inside their guard. */
function pageAt(pathname: string): ReactNode {
  const path = routePath(pathname);
  switch (path) {
    case paths.home:
      return <HomePage />;
    case paths.privacy:
      return <PrivacyPage />;
    case paths.signup:
      return <GuestOnly page={<SignupPage />} />;
    case paths.login:
      return <GuestOnly page={<LoginPage />} />;
    case paths.forgotPassword:
      return <GuestOnly page={<ForgotPasswordPage />} />;
    // Not guest-only: the reset link signs the account in before the new password is set.
    case paths.resetPassword:
      return <ResetPasswordPage />;
    case paths.onboard:
      return <RequireCompany page={<OnboardPage />} />;
  }
  if (path === paths.dashboard || path.startsWith(`${paths.dashboard}/`)) {
    return <RequireCompany page={<DashboardPage />} />;
  }
  return <NotFoundPage />;
}

export function AppRoutes() {
  const t = useT();
  const { pathname } = useLocation();
  // The last line of defence: a page that throws shows an error with a retry, never a white screen.
  // The dashboard's sections and panels have boundaries of their own inside this one.
  return (
    <PanelErrorBoundary
      label={t('shell.panel.page')}
      resetKey={pathname.startsWith(paths.dashboard) ? paths.dashboard : pathname}
    >
      <Suspense fallback={<CenteredLoader />}>{pageAt(pathname)}</Suspense>
    </PanelErrorBoundary>
  );
}
