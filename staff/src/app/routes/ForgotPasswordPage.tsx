import { Anchor, Text } from '@mantine/core';
import { Link } from '../../lib/router.tsx';
import { ForgotPasswordForm } from '../../features/account/components/ForgotPasswordForm.tsx';
import { staffPaths } from '../../config/paths.ts';
import { StaffAuthLayout } from '../StaffAuthLayout.tsx';

export function ForgotPasswordPage() {
  return (
    <StaffAuthLayout title="Forgot password" subtitle="We email you a link to set a new one.">
      <ForgotPasswordForm />
      <Text size="sm" ta="center" mt="lg">
        <Anchor component={Link} to={staffPaths.login}>
          Back to log in
        </Anchor>
      </Text>
    </StaffAuthLayout>
  );
}
