import { useState } from 'react';
import { Alert, Anchor, Center, Loader, Text } from '@mantine/core';
import { Link, useNavigate } from '../../lib/router.tsx';
import { showSuccess } from '@shared/lib/toast.ts';
import { ResetPasswordForm } from '../../features/account/components/ResetPasswordForm.tsx';
import { useStaffSession } from '../../features/account/hooks/staff-session.ts';
import { staffPaths } from '../../config/paths.ts';
import { StaffAuthLayout } from '../StaffAuthLayout.tsx';

/** The reset email's link lands here signed in; an expired or used link says so. */
export function ResetPasswordPage() {
  const session = useStaffSession();
  const navigate = useNavigate();
  // Read once: supabase-js clears the fragment after taking the session from it.
  const [linkError] = useState(() => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('error_code'));

  let body;
  if (linkError || session.status === 'signed-out') {
    body = (
      <Alert color="yellow" role="alert" title="This link has expired or was already used">
        <Anchor component={Link} to={staffPaths.forgotPassword}>
          Send a new link
        </Anchor>
      </Alert>
    );
  } else if (session.status === 'loading') {
    body = (
      <Center role="status" aria-label="Checking the link">
        <Loader aria-hidden="true" />
      </Center>
    );
  } else {
    body = (
      <ResetPasswordForm
        onDone={() => {
          showSuccess('Your new password is saved.', 'Password changed');
          navigate(staffPaths.home, { replace: true });
        }}
      />
    );
  }
  return (
    <StaffAuthLayout title="Set a new password">
      {body}
      <Text size="sm" ta="center" mt="lg" c="dimmed">
        CareCover Staff
      </Text>
    </StaffAuthLayout>
  );
}
