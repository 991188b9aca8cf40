import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconGauge } from '@tabler/icons-react';
import { errorMessage } from '@shared/lib/errors.ts';
import { useStaffReliability } from '../hooks/use-staff-reliability.ts';
import { RELIABILITY_EXPLAINED, reliabilityLabel, type StaffReliability } from '../reliability.ts';

const FIGURES: { key: keyof Omit<StaffReliability, 'staff_id' | 'score'>; label: string }[] = [
  { key: 'accepted', label: 'Accepted' },
  { key: 'completed', label: 'Completed' },
  { key: 'late', label: 'Late' },
  { key: 'no_shows', label: 'No-shows' },
  { key: 'late_cancellations', label: 'Cancelled within 24 h' },
];

/** The worker's reliability at the agency, on their page: the score and what it is made of. */
export function StaffReliabilityPanel({ staffId }: { staffId: string }) {
  const { state, reload } = useStaffReliability(staffId);
  const record = state.status === 'ready' ? state.byStaff.get(staffId) : undefined;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="staff-reliability-title">
      <Group gap="xs" mb="xs" justify="space-between">
        <Group gap="xs">
          <IconGauge size={18} aria-hidden="true" />
          <Title order={3} fz="md" id="staff-reliability-title">
            Reliability
          </Title>
        </Group>
        {record && (
          <Text fw={700} fz="lg" data-testid="reliability-score">
            {reliabilityLabel(record)}
          </Text>
        )}
      </Group>
      {state.status === 'loading' && (
        <Stack gap={6} aria-busy="true" aria-label="Loading reliability">
          <Skeleton height={36} />
        </Stack>
      )}
      {state.status === 'error' && (
        <Alert color="red" variant="light" title="Reliability could not be loaded">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{errorMessage(state.error)}</Text>
            <Button size="xs" variant="default" onClick={reload}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {state.status === 'ready' && !record && (
        <Text size="sm" c="dimmed">
          This person no longer works for your agency.
        </Text>
      )}
      {record && (
        <>
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" component="dl" m={0}>
            {FIGURES.map(({ key, label }) => (
              <div key={key}>
                <Text component="dt" size="xs" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" m={0} fw={700}>
                  {record[key]}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            {RELIABILITY_EXPLAINED}
          </Text>
        </>
      )}
    </Paper>
  );
}
