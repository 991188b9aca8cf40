import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { CenteredLoader } from '@shared/components/CenteredLoader.tsx';
import { PanelErrorBoundary } from '@shared/components/PanelErrorBoundary.tsx';
import { paths } from '@shared/config/paths.ts';
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
      <Suspense fallback={<CenteredLoader />}>
        <Routes>
          <Route path={paths.home} element={<HomePage />} />
          <Route path={paths.privacy} element={<PrivacyPage />} />
          <Route element={<GuestOnly />}>
            <Route path={paths.signup} element={<SignupPage />} />
            <Route path={paths.login} element={<LoginPage />} />
            <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
          </Route>
          {/* Not guest-only: the reset link signs the account in before the new password is set. */}
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          <Route element={<RequireCompany />}>
            <Route path={paths.onboard} element={<OnboardPage />} />
            <Route path={`${paths.dashboard}/*`} element={<DashboardPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </PanelErrorBoundary>
  );
}
