import { useState } from 'react';
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from '@shared/lib/router.tsx';
import { StaffSignupForm } from '../../features/account/components/StaffSignupForm.tsx';
import { staffPaths } from '../../config/paths.ts';
import { StaffAuthLayout } from '../StaffAuthLayout.tsx';
import { useT } from '../../i18n/use-t.ts';

/** Account first; the agency's company code comes next, on Home, where a wrong code costs nothing. */
export function SignupPage() {
  const t = useT();
  const [confirmEmail, setConfirmEmail] = useState<string | null>(null);
  return (
    <StaffAuthLayout title={t('staff.signup.title')} subtitle={t('staff.signup.subtitle')}>
      {confirmEmail ? (
        <Alert color="teal" role="status" title={t('auth.checkInbox')}>
          {t('staff.signup.sent', { email: confirmEmail })}
        </Alert>
      ) : (
        <StaffSignupForm onNeedsConfirmation={setConfirmEmail} />
      )}
      <Text size="sm" ta="center" mt="lg">
        {t('auth.alreadyHaveAccount')}{' '}
        <Anchor component={Link} to={staffPaths.login}>
          {t('auth.logIn')}
        </Anchor>
      </Text>
    </StaffAuthLayout>
  );
}
