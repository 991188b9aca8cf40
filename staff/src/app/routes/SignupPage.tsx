import { useState } from 'react';
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from '../../lib/router.tsx';
import { StaffSignupForm } from '../../features/account/components/StaffSignupForm.tsx';
import { staffPaths } from '../../config/paths.ts';
import { StaffAuthLayout } from '../StaffAuthLayout.tsx';

/** Account first; the agency's company code comes next, on Home, where a wrong code costs nothing. */
export function SignupPage() {
  const [confirmEmail, setConfirmEmail] = useState<string | null>(null);
  return (
    <StaffAuthLayout title="Create your account" subtitle="Then join your agency with its company code.">
      {confirmEmail ? (
        <Alert color="teal" role="status" title="Check your inbox">
          We sent a link to {confirmEmail}. Open it on this phone to finish signing up.
        </Alert>
      ) : (
        <StaffSignupForm onNeedsConfirmation={setConfirmEmail} />
      )}
      <Text size="sm" ta="center" mt="lg">
        Already have an account?{' '}
        <Anchor component={Link} to={staffPaths.login}>
          Log in
        </Anchor>
      </Text>
    </StaffAuthLayout>
  );
}
