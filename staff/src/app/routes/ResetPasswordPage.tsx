import { useState } from 'react';
import { Alert, Anchor, Center, Loader, Text } from '@mantine/core';
import { Link, useNavigate } from '@shared/lib/router.tsx';
import { showSuccess } from '@shared/lib/toast.ts';
import { ResetPasswordForm } from '../../features/account/components/ResetPasswordForm.tsx';
import { useStaffSession } from '../../features/account/hooks/staff-session.ts';
import { staffPaths } from '../../config/paths.ts';
import { useT } from '../../i18n/use-t.ts';
import { StaffAuthLayout } from '../StaffAuthLayout.tsx';

/** The reset email's link lands here signed in; an expired or used link says so. */
export function ResetPasswordPage() {
  const session = useStaffSession();
  const t = useT();
  const navigate = useNavigate();
  // Read once: supabase-js clears the fragment after taking the session from it.
  const [linkError] = useState(() => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('error_code'));

  let body;
  if (linkError || session.status === 'signed-out') {
    body = (
      <Alert color="yellow" role="alert" title={t('staff.recovery.expired')}>
        <Anchor component={Link} to={staffPaths.forgotPassword}>
          {t('staff.recovery.sendNew')}
        </Anchor>
      </Alert>
    );
  } else if (session.status === 'loading') {
    body = (
      <Center role="status" aria-label={t('staff.recovery.checking')}>
        <Loader aria-hidden="true" />
      </Center>
    );
  } else {
    body = (
      <ResetPasswordForm
        onDone={() => {
          showSuccess(t('staff.recovery.savedText'), t('staff.recovery.savedTitle'));
          navigate(staffPaths.home, { replace: true });
        }}
      />
    );
  }
  return (
    <StaffAuthLayout title={t('auth.reset.title')}>
      {body}
      <Text size="sm" ta="center" mt="lg" c="dimmed">
        {t('staff.appName')}
      </Text>
    </StaffAuthLayout>
  );
}
