import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { PanelErrorBoundary } from '@shared/components/PanelErrorBoundary.tsx';
import { useNow } from '@shared/lib/use-now.ts';
import { CredentialList } from '../../features/credentials/components/CredentialList.tsx';
import { groupByAgency } from '../../features/credentials/credential-status.ts';
import { useMyCredentials } from '../../features/credentials/hooks/use-my-credentials.ts';
import { staffPaths } from '../../config/paths.ts';
import { useT } from '../../i18n/use-t.ts';
import { Link } from '@shared/lib/router.tsx';
import { useStaffErrorText } from '../../lib/use-staff-error-text.ts';
import { useStaffData } from '../staff-data.ts';

/**
 * My credentials: what each agency recorded (and verified) about the worker, read-only here. The
 * agency names come from the app's live list of agencies; a credential recorded by an agency the
 * worker has since left stays theirs to see, under a label, since its name is no longer readable.
 */
export function CredentialsPage() {
  const { userId, agencies } = useStaffData();
  const t = useT();
  const errorText = useStaffErrorText();
  const credentials = useMyCredentials(userId);
  // Once a minute: a credential turns Expired at midnight without the screen being reopened.
  const now = useNow(60_000);
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const error = credentials.error ?? (agencies.agencies === null ? agencies.error : null);
  const groups =
    credentials.credentials && agencies.agencies ? groupByAgency(credentials.credentials, agencies.agencies) : null;
  const retry = () => {
    void credentials.reload();
    if (agencies.agencies === null) void agencies.reload();
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={staffPaths.profile} size="sm" fw={600} style={{ alignSelf: 'flex-start' }}>
        <Group gap={2} wrap="nowrap">
          <IconChevronLeft size={16} aria-hidden="true" />
          {t('staff.credentials.back')}
        </Group>
      </Anchor>
      <div>
        <Title order={1} fz={24}>
          {t('staff.credentials.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('staff.credentials.intro')}
        </Text>
      </div>
      <PanelErrorBoundary label={t('staff.panel.credentials')}>
        {error != null && groups === null && (
          <Alert color="red" role="alert" title={t('staff.credentials.loadFailed')}>
            {errorText(error)}
            <Button variant="subtle" size="compact-sm" ml="xs" onClick={retry}>
              {t('staff.common.tryAgain')}
            </Button>
          </Alert>
        )}
        {groups === null && error == null && (
          <Stack gap="sm" role="status" aria-label={t('staff.credentials.loading')}>
            <Skeleton height={22} width="40%" radius="sm" />
            <Skeleton height={112} radius="md" />
            <Skeleton height={112} radius="md" />
          </Stack>
        )}
        {groups !== null && <CredentialList groups={groups} now={now} deviceZone={deviceZone} />}
      </PanelErrorBoundary>
    </Stack>
  );
}
