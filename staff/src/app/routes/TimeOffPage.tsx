import '@mantine/dates/styles.css';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { PanelErrorBoundary } from '@shared/components/PanelErrorBoundary.tsx';
import { LocaleDatesProvider } from '@shared/i18n/LocaleDatesProvider.tsx';
import { useNow } from '@shared/lib/use-now.ts';
import { TimeOffForm } from '../../features/time-off/components/TimeOffForm.tsx';
import { TimeOffList } from '../../features/time-off/components/TimeOffList.tsx';
import { useTimeOff } from '../../features/time-off/hooks/use-time-off.ts';
import { upcomingTimeOff } from '../../features/time-off/time-off-period.ts';
import { staffPaths } from '../../config/paths.ts';
import { useT } from '../../i18n/use-t.ts';
import { Link } from '@shared/lib/router.tsx';
import { useStaffErrorText } from '../../lib/use-staff-error-text.ts';
import { useStaffData } from '../staff-data.ts';

/**
 * Time off: when the worker can't work. Shifts then are not offered to them (the database leaves
 * them out of Open shifts and accept_shift refuses them), so the open shifts are loaded again after
 * each change. Days and times are the phone's, in its time zone. Its own chunk, with the date
 * pickers, so no other screen's first load carries them.
 */
export function TimeOffPage() {
  const { userId, board } = useStaffData();
  const t = useT();
  const errorText = useStaffErrorText();
  const timeOff = useTimeOff(userId);
  const now = useNow(60_000);
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const changed = () => {
    void timeOff.reload();
    void board.reload();
  };
  const upcoming = timeOff.periods ? upcomingTimeOff(timeOff.periods, now) : null;

  return (
    <LocaleDatesProvider>
      <Stack gap="md">
        <Anchor component={Link} to={staffPaths.profile} size="sm" fw={600} style={{ alignSelf: 'flex-start' }}>
          <Group gap={2} wrap="nowrap">
            <IconChevronLeft size={16} aria-hidden="true" />
            {t('staff.credentials.back')}
          </Group>
        </Anchor>
        <div>
          <Title order={1} fz={24}>
            {t('staff.timeOff.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('staff.timeOff.intro', { zone: deviceZone })}
          </Text>
        </div>
        <Stack gap="sm" component="section" aria-labelledby="your-time-off">
          <Title order={2} fz={18} id="your-time-off">
            {t('staff.timeOff.yours')}
          </Title>
          <PanelErrorBoundary label={t('staff.panel.timeOff')}>
            {timeOff.error != null && upcoming === null && (
              <Alert color="red" role="alert" title={t('staff.timeOff.loadFailed')}>
                {errorText(timeOff.error)}
                <Button variant="subtle" size="compact-sm" ml="xs" onClick={() => void timeOff.reload()}>
                  {t('staff.common.tryAgain')}
                </Button>
              </Alert>
            )}
            {upcoming === null && timeOff.error == null && (
              <Skeleton height={72} radius="md" role="status" aria-label={t('staff.timeOff.loading')} />
            )}
            {upcoming !== null && (
              <TimeOffList periods={upcoming} now={now} deviceZone={deviceZone} onDeleted={changed} />
            )}
          </PanelErrorBoundary>
        </Stack>
        <Card withBorder padding="lg" component="section" aria-labelledby="add-time-off">
          <Title order={2} fz={18} mb="sm" id="add-time-off">
            {t('staff.timeOff.addTitle')}
          </Title>
          <PanelErrorBoundary label={t('staff.panel.timeOffForm')}>
            <TimeOffForm timeZone={deviceZone} onAdded={changed} />
          </PanelErrorBoundary>
        </Card>
      </Stack>
    </LocaleDatesProvider>
  );
}
