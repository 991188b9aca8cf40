import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { AgencyList } from '../../features/agencies/components/AgencyList.tsx';
import { JoinAgencyForm } from '../../features/agencies/components/JoinAgencyForm.tsx';
import { useStaffData } from '../staff-data.ts';
import { useT } from '../../i18n/use-t.ts';

/** The agencies the worker works for; join another with its code, or leave one. */
export function AgenciesPage() {
  const t = useT();
  const { agencies, board } = useStaffData();
  const refresh = () => void agencies.reload().then(board.reload);
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        {t('staff.agencies.title')}
      </Title>
      {agencies.agencies === null ? (
        <Skeleton height={80} radius="md" role="status" aria-label={t('staff.agencies.loading')} />
      ) : (
        <AgencyList agencies={agencies.agencies} onLeft={refresh} />
      )}
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Title order={2} fz={18}>
            {t('staff.agencies.joinTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('staff.agencies.joinText')}
          </Text>
          <JoinAgencyForm joinedIds={(agencies.agencies ?? []).map((a) => a.companyId)} onJoined={refresh} />
        </Stack>
      </Card>
    </Stack>
  );
}
