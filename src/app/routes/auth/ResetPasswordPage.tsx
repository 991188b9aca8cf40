import { useEffect, useState } from 'react';
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from '@shared/lib/router.tsx';
import { AuthLayout } from '@shared/components/AuthLayout.tsx';
import { dashboardPaths } from '@shared/config/dashboard-paths.ts';
import { clearToasts, showSuccess } from '@shared/lib/toast.ts';
import { recoverySessionUserId } from '../../../features/auth/api/set-new-password.ts';
import { ForgotPasswordForm } from '../../../features/auth/components/ForgotPasswordForm.tsx';
import { ResetPasswordForm } from '../../../features/auth/components/ResetPasswordForm.tsx';
import { readRecoveryLink } from '../../../features/auth/recovery-link.ts';
import { useT } from '../../../i18n/use-t.ts';

type PageState = 'checking' | 'ready' | 'expired' | 'no-link';

/**
 * Where the reset email's link lands. supabase-js reads the recovery session from the URL
 * fragment; a used or expired link (an error in the fragment) offers to send a new one.
 */
export function ResetPasswordPage() {
  const t = useT();
  useDocumentTitle(t('auth.reset.documentTitle'));
  const navigate = useNavigate();
  const [state, setState] = useState<PageState>(() =>
    readRecoveryLink(window.location.hash).kind === 'expired' ? 'expired' : 'checking',
  );

  useEffect(() => {
    if (state !== 'checking') {
      // The error stays out of the address bar (and out of supabase-js, which would report it).
      if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
      return;
    }
    let isCurrent = true;
    recoverySessionUserId()
      .then((userId) => isCurrent && setState(userId ? 'ready' : 'no-link'))
      .catch(() => isCurrent && setState('no-link'));
    return () => {
      isCurrent = false;
    };
  }, [state]);

  if (state === 'checking') {
    return (
      <AuthLayout title={t('auth.reset.title')}>
        <Center py="lg">
          <Loader aria-label={t('auth.reset.checking')} />
        </Center>
      </AuthLayout>
    );
  }
  if (state === 'ready') {
    return (
      <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
        <ResetPasswordForm
          onSaved={() => {
            clearToasts();
            showSuccess(t('auth.reset.updated'));
            navigate(dashboardPaths.shiftCall, { replace: true });
          }}
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={state === 'expired' ? t('auth.reset.expiredTitle') : t('auth.reset.title')}>
      <Stack gap="md">
        <Alert color={state === 'expired' ? 'red' : 'gray'} variant="light" role="alert">
          <Text size="sm">{state === 'expired' ? t('auth.reset.expired') : t('auth.reset.noLink')}</Text>
        </Alert>
        <ForgotPasswordForm />
      </Stack>
    </AuthLayout>
  );
}
