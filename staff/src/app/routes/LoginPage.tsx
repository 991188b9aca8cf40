import { Anchor, Text } from '@mantine/core';
import { SessionEndedNotice } from '@shared/components/SessionEndedNotice.tsx';
import { Link } from '@shared/lib/router.tsx';
import { StaffLoginForm } from '../../features/account/components/StaffLoginForm.tsx';
import { staffPaths } from '../../config/paths.ts';
import { StaffAuthLayout } from '../StaffAuthLayout.tsx';
import { useT } from '../../i18n/use-t.ts';

export function LoginPage() {
  const t = useT();
  return (
    <StaffAuthLayout title={t('auth.logIn')} subtitle={t('staff.login.subtitle')}>
      <SessionEndedNotice />
      <StaffLoginForm />
      <Text size="sm" ta="center" mt="lg">
        {t('staff.login.newHere')}{' '}
        <Anchor component={Link} to={staffPaths.signup}>
          {t('staff.login.createAccount')}
        </Anchor>
      </Text>
    </StaffAuthLayout>
  );
}
