import { useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { JoinAgencyForm } from '../../features/agencies/components/JoinAgencyForm.tsx';
import { OpenShiftList } from '../../features/shifts/components/OpenShiftList.tsx';
import { useLocationAllowed, usePosition } from '../../features/shifts/hooks/use-position.ts';
import { isOpen } from '../../features/shifts/staff-shift.ts';
import { staffErrorMessage } from '../../lib/staff-errors.ts';
import { useNow } from '@shared/lib/use-now.ts';
import { useStaffData } from '../staff-data.ts';

/** Open shifts from all the worker's agencies, soonest first, live. */
export function HomePage() {
  const { agencies, board } = useStaffData();
  const isLocationAllowed = useLocationAllowed();
  const [wantsDistances, setWantsDistances] = useState(false);
  const { state: positionState, locate } = usePosition(isLocationAllowed || wantsDistances);
  const position = positionState.status === 'found' ? positionState.position : null;
  const now = useNow(30_000);
  const open = (board.shifts ?? [])
    .filter((shift) => isOpen(shift, now))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));

  const hasNoAgency = agencies.agencies !== null && agencies.agencies.length === 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} fz={24}>
          Open shifts
        </Title>
        {!position && open.length > 0 && positionState.status !== 'unavailable' && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCurrentLocation size={16} aria-hidden="true" />}
            loading={positionState.status === 'locating'}
            onClick={() => {
              setWantsDistances(true);
              locate();
            }}
          >
            Show distances
          </Button>
        )}
      </Group>
      {hasNoAgency && (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} fz={18}>
              Join your agency
            </Title>
            <Text size="sm">Enter the company code your agency gave you. Its shifts then show here.</Text>
            <JoinAgencyForm joinedIds={[]} onJoined={() => void agencies.reload().then(board.reload)} />
          </Stack>
        </Card>
      )}
      {board.error != null && board.shifts === null && (
        <Alert color="red" role="alert" title="Shifts could not load">
          {staffErrorMessage(board.error)}
          <Button variant="subtle" size="compact-sm" ml="xs" onClick={() => void board.reload()}>
            Try again
          </Button>
        </Alert>
      )}
      {board.shifts === null && board.error == null && (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading shifts">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={150} radius="md" />
          ))}
        </Stack>
      )}
      {board.shifts !== null && open.length === 0 && !hasNoAgency && (
        <Card withBorder padding="lg">
          <Text fw={700}>No open shifts right now</Text>
          <Text size="sm" c="dimmed">
            New shifts appear here the moment your agency posts them.
          </Text>
        </Card>
      )}
      {open.length > 0 && (
        <OpenShiftList
          shifts={open}
          arrivedLive={board.arrivedLive}
          position={position}
          onAccepted={() => void board.reload()}
          onTaken={board.drop}
        />
      )}
    </Stack>
  );
}
