import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { AgencyList } from '../../features/agencies/components/AgencyList.tsx';
import { JoinAgencyForm } from '../../features/agencies/components/JoinAgencyForm.tsx';
import { useStaffData } from '../staff-data.ts';

/** The agencies the worker works for; join another with its code, or leave one. */
export function AgenciesPage() {
  const { agencies, board } = useStaffData();
  const refresh = () => void agencies.reload().then(board.reload);
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        Agencies
      </Title>
      {agencies.agencies === null ? (
        <Skeleton height={80} radius="md" role="status" aria-label="Loading your agencies" />
      ) : (
        <AgencyList agencies={agencies.agencies} onLeft={refresh} />
      )}
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Title order={2} fz={18}>
            Join an agency
          </Title>
          <Text size="sm" c="dimmed">
            You can work for several agencies; each one’s shifts show on Home.
          </Text>
          <JoinAgencyForm joinedIds={(agencies.agencies ?? []).map((a) => a.companyId)} onJoined={refresh} />
        </Stack>
      </Card>
    </Stack>
  );
}
