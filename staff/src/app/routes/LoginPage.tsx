import { Anchor, Text } from '@mantine/core';
import { SessionEndedNotice } from '@shared/components/SessionEndedNotice.tsx';
import { Link } from '../../lib/router.tsx';
import { StaffLoginForm } from '../../features/account/components/StaffLoginForm.tsx';
import { staffPaths } from '../../config/paths.ts';
import { StaffAuthLayout } from '../StaffAuthLayout.tsx';

export function LoginPage() {
  return (
    <StaffAuthLayout title="Log in" subtitle="CareCover Staff: pick up shifts from your agencies.">
      <SessionEndedNotice />
      <StaffLoginForm />
      <Text size="sm" ta="center" mt="lg">
        New here?{' '}
        <Anchor component={Link} to={staffPaths.signup}>
          Create an account
        </Anchor>
      </Text>
    </StaffAuthLayout>
  );
}
