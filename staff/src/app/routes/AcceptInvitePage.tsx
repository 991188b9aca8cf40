import { useState } from 'react';
import { Alert, Anchor, Button, Center, List, Loader, Stack, Text } from '@mantine/core';
import { showSuccess } from '@shared/lib/toast.ts';
import { Link, useNavigate } from '../../lib/router.tsx';
import { useStaffSession } from '../../features/account/hooks/staff-session.ts';
import { AcceptInviteForm } from '../../features/invites/components/AcceptInviteForm.tsx';
import { agencyNames, type ClaimedInvite } from '../../features/invites/api/claim-invites.ts';
import { staffPaths } from '../../config/paths.ts';
import { StaffAuthLayout } from '../StaffAuthLayout.tsx';

/**
 * Where an agency's invitation email leads: its link signs the worker in as it lands, they choose
 * a password, and accepting employs them, so Home then shows the agency's open shifts. An expired
 * or used link says what to do instead.
 */
export function AcceptInvitePage() {
  const session = useStaffSession();
  const navigate = useNavigate();
  // Read once: supabase-js clears the fragment after taking the session from it.
  const [linkError] = useState(() => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('error_code'));
  const [notJoined, setNotJoined] = useState<ClaimedInvite[] | null>(null);

  const onDone = (claimed: ClaimedInvite[]) => {
    const joined = claimed.filter((invite) => invite.isJoined);
    if (joined.length > 0 && joined.length === claimed.length) {
      showSuccess(`You now work for ${agencyNames(joined)}.`, 'Welcome to CareCover Staff');
      navigate(staffPaths.home, { replace: true });
      return;
    }
    if (joined.length > 0) showSuccess(`You now work for ${agencyNames(joined)}.`, 'Welcome to CareCover Staff');
    setNotJoined(claimed.filter((invite) => !invite.isJoined));
  };

  let title = 'Set your password';
  let subtitle: string | undefined;
  let body;
  if (linkError || session.status === 'signed-out') {
    title = 'Join your agency';
    body = (
      <Alert color="yellow" role="alert" title="This invitation link has expired or was already used">
        <Stack gap="xs">
          <Text size="sm">
            Ask the agency that invited you to send the invitation again: the new email has a fresh link.
          </Text>
          {session.status === 'signed-in' ? (
            <Anchor component={Link} to={staffPaths.home} size="sm">
              Open CareCover Staff
            </Anchor>
          ) : (
            <>
              <Text size="sm">
                Or choose a password yourself with{' '}
                <Anchor component={Link} to={staffPaths.forgotPassword}>
                  Forgot password
                </Anchor>
                : once you are signed in, the app accepts the invitation if it is still pending.
              </Text>
              <Text size="sm">
                Already chose your password?{' '}
                <Anchor component={Link} to={staffPaths.login}>
                  Log in
                </Anchor>
              </Text>
            </>
          )}
        </Stack>
      </Alert>
    );
  } else if (session.status === 'loading') {
    body = (
      <Center role="status" aria-label="Checking the link">
        <Loader aria-hidden="true" />
      </Center>
    );
  } else if (notJoined) {
    title = 'Your password is saved';
    body = (
      <Stack gap="md">
        <Alert color="yellow" role="alert" title="You have not joined an agency yet">
          {notJoined.length === 0 ? (
            <Text size="sm">
              No invitation is waiting for {session.email} any more: the agency may have withdrawn it, or it expired.
              Ask the agency to invite you again, or join with its company code on Home.
            </Text>
          ) : (
            <List size="sm" spacing={4}>
              {notJoined.map((invite) => (
                <List.Item key={invite.companyId}>
                  {invite.companyName}: {invite.message ?? 'The invitation could not be accepted.'} Ask the agency about
                  it.
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
        <Button fullWidth size="md" onClick={() => navigate(staffPaths.home, { replace: true })}>
          Continue to CareCover Staff
        </Button>
      </Stack>
    );
  } else {
    subtitle = `Signed in as ${session.email}. Choose a password to finish joining your agency.`;
    body = <AcceptInviteForm userId={session.userId} onDone={onDone} />;
  }
  return (
    <StaffAuthLayout title={title} subtitle={subtitle}>
      {body}
      <Text size="sm" ta="center" mt="lg" c="dimmed">
        CareCover Staff
      </Text>
    </StaffAuthLayout>
  );
}
