import { useState } from 'react';
import { Trans } from '@lingui/react';
import { Alert, Anchor, Button, Center, List, Loader, Stack, Text } from '@mantine/core';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { showSuccess } from '@shared/lib/toast.ts';
import { Link, useNavigate } from '@shared/lib/router.tsx';
import { useStaffSession } from '../../features/account/hooks/staff-session.ts';
import { AcceptInviteForm } from '../../features/invites/components/AcceptInviteForm.tsx';
import { agencyNames, type ClaimedInvite } from '../../features/invites/api/claim-invites.ts';
import { staffPaths } from '../../config/paths.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';
import { useT } from '../../i18n/use-t.ts';
import { StaffAuthLayout } from '../StaffAuthLayout.tsx';

/**
 * Where an agency's invitation email leads: its link signs the worker in as it lands, they choose
 * a password, and accepting employs them, so Home then shows the agency's open shifts. An expired
 * or used link says what to do instead.
 */
export function AcceptInvitePage() {
  const session = useStaffSession();
  const navigate = useNavigate();
  const t = useT();
  const { locale } = useLocale();
  // Read once: supabase-js clears the fragment after taking the session from it.
  const [linkError] = useState(() => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('error_code'));
  const [notJoined, setNotJoined] = useState<ClaimedInvite[] | null>(null);

  const welcome = (joined: ClaimedInvite[]) =>
    showSuccess(
      t('staff.invite.nowWorkFor', { agencies: agencyNames(joined, locale) }),
      t('staff.invite.welcomeTitle'),
    );
  const onDone = (claimed: ClaimedInvite[]) => {
    const joined = claimed.filter((invite) => invite.isJoined);
    if (joined.length > 0 && joined.length === claimed.length) {
      welcome(joined);
      navigate(staffPaths.home, { replace: true });
      return;
    }
    if (joined.length > 0) welcome(joined);
    setNotJoined(claimed.filter((invite) => !invite.isJoined));
  };

  let title = t('staff.invite.setPassword');
  let subtitle: string | undefined;
  let body;
  if (linkError || session.status === 'signed-out') {
    title = t('staff.invite.joinTitle');
    body = (
      <Alert color="yellow" role="alert" title={t('staff.invite.expired')}>
        <Stack gap="xs">
          <Text size="sm">{t('staff.invite.askAgain')}</Text>
          {session.status === 'signed-in' ? (
            <Anchor component={Link} to={staffPaths.home} size="sm">
              {t('staff.invite.openApp')}
            </Anchor>
          ) : (
            <>
              <Text size="sm">
                {/* The link sits inside the sentence, wherever each language puts it. */}
                <Trans
                  id={'staff.invite.orForgot' satisfies StaffKey}
                  components={{ 0: <Anchor component={Link} to={staffPaths.forgotPassword} /> }}
                />
              </Text>
              <Text size="sm">
                {t('staff.invite.alreadyChose')}{' '}
                <Anchor component={Link} to={staffPaths.login}>
                  {t('staff.invite.logIn')}
                </Anchor>
              </Text>
            </>
          )}
        </Stack>
      </Alert>
    );
  } else if (session.status === 'loading') {
    body = (
      <Center role="status" aria-label={t('staff.recovery.checking')}>
        <Loader aria-hidden="true" />
      </Center>
    );
  } else if (notJoined) {
    title = t('staff.invite.saved');
    body = (
      <Stack gap="md">
        <Alert color="yellow" role="alert" title={t('staff.invite.notJoinedTitle')}>
          {notJoined.length === 0 ? (
            <Text size="sm">{t('staff.invite.noneWaiting', { email: session.email })}</Text>
          ) : (
            <List size="sm" spacing={4}>
              {notJoined.map((invite) => (
                <List.Item key={invite.companyId}>
                  {t('staff.invite.notAccepted', {
                    agency: invite.companyName,
                    reason: invite.message ?? t('staff.invite.couldNotAccept'),
                  })}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
        <Button fullWidth size="md" onClick={() => navigate(staffPaths.home, { replace: true })}>
          {t('staff.invite.continue')}
        </Button>
      </Stack>
    );
  } else {
    subtitle = t('staff.invite.signedInAs', { email: session.email });
    body = <AcceptInviteForm userId={session.userId} onDone={onDone} />;
  }
  return (
    <StaffAuthLayout title={title} subtitle={subtitle}>
      {body}
      <Text size="sm" ta="center" mt="lg" c="dimmed">
        {t('staff.appName')}
      </Text>
    </StaffAuthLayout>
  );
}
