import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconGauge } from '@tabler/icons-react';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { errorMessage } from '@shared/lib/errors.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useStaffReliability } from '../hooks/use-staff-reliability.ts';
import { reliabilityLabel, type StaffReliability } from '../reliability.ts';

const FIGURES: { key: keyof Omit<StaffReliability, 'staff_id' | 'score'>; label: DashboardKey }[] = [
  { key: 'accepted', label: 'worker.reliability.accepted' },
  { key: 'completed', label: 'worker.reliability.completed' },
  { key: 'late', label: 'worker.reliability.late' },
  { key: 'no_shows', label: 'worker.reliability.noShows' },
  { key: 'late_cancellations', label: 'worker.reliability.lateCancellations' },
];

/** The worker's reliability at the agency, on their page: the score and what it is made of. */
export function StaffReliabilityPanel({ staffId }: { staffId: string }) {
  const t = useT();
  const { locale } = useLocale();
  const ruleText = useRuleText();
  const { state, reload } = useStaffReliability(staffId);
  const record = state.status === 'ready' ? state.byStaff.get(staffId) : undefined;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="staff-reliability-title">
      <Group gap="xs" mb="xs" justify="space-between">
        <Group gap="xs">
          <IconGauge size={18} aria-hidden="true" />
          <Title order={3} fz="md" id="staff-reliability-title">
            {t('worker.reliability.title')}
          </Title>
        </Group>
        {record && (
          <Text fw={700} fz="lg" data-testid="reliability-score">
            {reliabilityLabel(record, t, locale)}
          </Text>
        )}
      </Group>
      {state.status === 'loading' && (
        <Stack gap={6} aria-busy="true" aria-label={t('worker.reliability.loading')}>
          <Skeleton height={36} />
        </Stack>
      )}
      {state.status === 'error' && (
        <Alert color="red" variant="light" title={t('worker.reliability.loadFailed')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{ruleText(errorMessage(state.error))}</Text>
            <Button size="xs" variant="default" onClick={reload}>
              {t('worker.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {state.status === 'ready' && !record && (
        <Text size="sm" c="dimmed">
          {t('worker.reliability.gone')}
        </Text>
      )}
      {record && (
        <>
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" component="dl" m={0}>
            {FIGURES.map(({ key, label }) => (
              <div key={key}>
                <Text component="dt" size="xs" c="dimmed">
                  {t(label)}
                </Text>
                <Text component="dd" m={0} fw={700}>
                  {record[key]}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            {t('worker.reliability.explained')}
          </Text>
        </>
      )}
    </Paper>
  );
}
