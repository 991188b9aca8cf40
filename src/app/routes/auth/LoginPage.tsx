import { useDocumentTitle } from '@mantine/hooks';
import { useLocation, useNavigate } from '@shared/lib/router.tsx';
import { AuthLayout } from '@shared/components/AuthLayout.tsx';
import { SessionEndedNotice } from '@shared/components/SessionEndedNotice.tsx';
import { dashboardPaths } from '@shared/config/dashboard-paths.ts';
import { clearToasts } from '@shared/lib/toast.ts';
import { LoginForm } from '../../../features/auth/components/LoginForm.tsx';
import { redirectTarget } from '../../guards/redirect-state.ts';
import { useT } from '../../../i18n/use-t.ts';

export function LoginPage() {
  const t = useT();
  useDocumentTitle(t('auth.login.documentTitle'));
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthLayout title={t('auth.logIn')} subtitle={t('auth.login.subtitle')}>
      <SessionEndedNotice />
      <LoginForm
        onLoggedIn={() => {
          // 'Logged out successfully' (or a failed attempt's error) belongs to before this log-in.
          clearToasts();
          navigate(redirectTarget(location.state, dashboardPaths.shiftCall), { replace: true });
        }}
      />
    </AuthLayout>
  );
}
