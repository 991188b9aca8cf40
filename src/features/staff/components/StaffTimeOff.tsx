import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBeach } from '@tabler/icons-react';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { errorMessage } from '@shared/lib/errors.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useTimeOff } from '../hooks/use-time-off.ts';
import { describeTimeOff } from '../time-off-text.ts';

interface StaffTimeOffProps {
  staffId: string;
  /** The company's zone: one-off periods are shown in it, like the shifts. */
  timeZone: string;
}

/**
 * The worker's current and upcoming time off, on their page: the times they will not be offered a
 * shift (the database refuses one inside them). Read-only here; the worker marks it in the staff app.
 */
export function StaffTimeOff({ staffId, timeZone }: StaffTimeOffProps) {
  const t = useT();
  const { locale } = useLocale();
  const ruleText = useRuleText();
  const { state, reload } = useTimeOff(staffId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="staff-time-off-title">
      <Group gap="xs" mb="xs">
        <IconBeach size={18} aria-hidden="true" />
        <Title order={3} fz="md" id="staff-time-off-title">
          {t('worker.timeOff.title')}
        </Title>
      </Group>
      {state.status === 'loading' && (
        <Stack gap={6} aria-busy="true" aria-label={t('worker.timeOff.loading')}>
          <Skeleton height={14} width="60%" />
          <Skeleton height={14} width="45%" />
        </Stack>
      )}
      {state.status === 'error' && (
        <Alert color="red" variant="light" title={t('worker.timeOff.loadFailed')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{ruleText(errorMessage(state.error))}</Text>
            <Button size="xs" variant="default" onClick={reload}>
              {t('worker.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {state.status === 'ready' && state.periods.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('worker.timeOff.none')}
        </Text>
      )}
      {state.status === 'ready' && state.periods.length > 0 && (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('worker.timeOff.list')}>
          {state.periods.map((period) => (
            <li key={period.id}>
              <Text size="sm">{describeTimeOff(period, timeZone, t, locale)}</Text>
              {period.note && (
                <Text size="xs" c="dimmed">
                  {period.note}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
