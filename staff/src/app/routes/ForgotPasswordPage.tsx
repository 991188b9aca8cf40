import { Anchor, Text } from '@mantine/core';
import { Link } from '@shared/lib/router.tsx';
import { ForgotPasswordForm } from '../../features/account/components/ForgotPasswordForm.tsx';
import { staffPaths } from '../../config/paths.ts';
import { useT } from '../../i18n/use-t.ts';
import { StaffAuthLayout } from '../StaffAuthLayout.tsx';

export function ForgotPasswordPage() {
  const t = useT();
  return (
    <StaffAuthLayout title={t('staff.recovery.forgotTitle')} subtitle={t('staff.recovery.forgotSubtitle')}>
      <ForgotPasswordForm />
      <Text size="sm" ta="center" mt="lg">
        <Anchor component={Link} to={staffPaths.login}>
          {t('auth.backToLogin')}
        </Anchor>
      </Text>
    </StaffAuthLayout>
  );
}
