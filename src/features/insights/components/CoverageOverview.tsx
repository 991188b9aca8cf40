import { lazy, Suspense, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { useCareRoleName } from '@shared/i18n/care-role-names.ts';
import { formatNumber } from '@shared/i18n/format.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { OpenSoonShift } from '../api/fetch-coverage-overview.ts';
import { renotifyStaff } from '../api/renotify-staff.ts';
import { useCoverageOverview } from '../hooks/use-coverage-overview.ts';
import { formatFillRate, formatLocalStamp, formatMinutes, PERIOD_DAYS, type PeriodDays } from '../insights-format.ts';

const CoverageChart = lazy(() => import('./CoverageChart.tsx').then((m) => ({ default: m.CoverageChart })));

interface CoverageOverviewProps {
  companyId: string;
  timeZone: string;
}

/**
 * The top of Shift Details: how well the company covered the shifts it posted in a period, the
 * open shifts about to start (with a re-notify), and posted vs filled per day. Live as shifts change.
 */
export function CoverageOverview({ companyId, timeZone }: CoverageOverviewProps) {
  const [days, setDays] = useState<PeriodDays>(30);
  const { overview, isLoading } = useCoverageOverview(companyId, timeZone, days);
  const t = useT();
  const { locale } = useLocale();

  const stats = [
    {
      id: 'fill-rate',
      label: t('insights.coverage.fillRate'),
      value: overview ? formatFillRate(overview.fill_rate, locale) : '',
      hint: fillHint(overview, t),
    },
    {
      id: 'median',
      label: t('insights.coverage.medianTimeToFill'),
      value: overview ? formatMinutes(overview.median_minutes_to_fill, t) : '',
    },
    {
      id: 'p90',
      label: t('insights.coverage.p90TimeToFill'),
      value: overview ? formatMinutes(overview.p90_minutes_to_fill, t) : '',
    },
    {
      id: 'late',
      label: t('insights.coverage.lateClockIns'),
      value: overview ? formatNumber(overview.late_clock_ins.count, locale) : '',
      hint: t('insights.coverage.lateHint'),
    },
  ];

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="coverage-overview-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={3} fz="lg" id="coverage-overview-title">
            {t('insights.coverage.title')}
          </Title>
          <SegmentedControl
            aria-label={t('insights.coverage.period')}
            size="xs"
            value={String(days)}
            onChange={(value) => setDays(Number(value) as PeriodDays)}
            data={PERIOD_DAYS.map((d) => ({ value: String(d), label: t('insights.coverage.lastDays', { days: d }) }))}
          />
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {stats.map((stat) => (
            <Paper key={stat.id} withBorder radius="md" p="sm" role="group" aria-label={stat.label}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {stat.label}
              </Text>
              {isLoading ? (
                <Skeleton h={28} mt={6} w="60%" aria-hidden="true" />
              ) : (
                <Text fz={26} fw={700} lh={1.3} data-testid={`stat-${stat.id}`}>
                  {stat.value}
                </Text>
              )}
              {stat.hint && (
                <Text size="xs" c="dimmed">
                  {stat.hint}
                </Text>
              )}
            </Paper>
          ))}
        </SimpleGrid>

        {isLoading || !overview ? (
          <Skeleton h={60} aria-hidden="true" />
        ) : (
          <OpenSoonList shifts={overview.open_soon} companyId={companyId} t={t} locale={locale} />
        )}

        {isLoading || !overview ? (
          <Skeleton h={220} aria-hidden="true" />
        ) : (
          <Suspense fallback={<Skeleton h={220} aria-hidden="true" />}>
            <CoverageChart days={overview.per_day} />
          </Suspense>
        )}
        {isLoading && (
          <Text size="xs" c="dimmed" role="status">
            {t('insights.coverage.loading')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function fillHint(
  overview: ReturnType<typeof useCoverageOverview>['overview'],
  t: Translate<DashboardKey>,
): string | undefined {
  if (!overview) return undefined;
  return t('insights.coverage.fillHint', { filled: overview.filled_before_start, posted: overview.posted });
}

interface OpenSoonListProps {
  shifts: OpenSoonShift[];
  companyId: string;
  t: Translate<DashboardKey>;
  locale: Locale;
}

function OpenSoonList({ shifts, companyId, t, locale }: OpenSoonListProps) {
  const [sendingFor, setSendingFor] = useState<string | null>(null);
  const careRoleName = useCareRoleName();
  const rolesOf = (shift: OpenSoonShift) => [careRoleName(shift.staff_type), careRoleName(shift.skill)].join(' · ');

  const renotify = async (shiftId: string) => {
    setSendingFor(shiftId);
    try {
      const answer = await renotifyStaff(companyId, shiftId);
      showSuccess(t('insights.openSoon.renotified', { count: answer.sent }), t('insights.openSoon.renotifiedTitle'));
    } catch {
      showError(t('insights.openSoon.renotifyFailed'));
    } finally {
      setSendingFor(null);
    }
  };

  return (
    <Stack gap={6} component="section" aria-labelledby="open-soon-title">
      <Group gap="xs">
        <Title order={4} fz="sm" id="open-soon-title">
          {t('insights.openSoon.title')}
        </Title>
        <Badge color={shifts.length > 0 ? 'orange' : 'gray'} variant="light">
          {formatNumber(shifts.length, locale)}
        </Badge>
      </Group>
      {shifts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('insights.openSoon.none')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {shifts.map((shift) => (
            <Paper
              key={shift.id}
              component="li"
              withBorder
              radius="md"
              p="xs"
              bg="var(--mantine-color-orange-light)"
              style={{ borderColor: 'var(--mantine-color-orange-5)' }}
              aria-label={t('insights.openSoon.item', { id: shift.id })}
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Text size="sm" fw={600}>
                    {t('insights.openSoon.starts', { when: formatLocalStamp(shift.starts_at, locale) })}
                  </Text>
                  <Text size="sm">{shift.address}</Text>
                  <Text size="xs" c="dimmed">
                    {rolesOf(shift)}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  leftSection={<IconBellRinging size={14} aria-hidden="true" />}
                  loading={sendingFor === shift.id}
                  disabled={sendingFor != null && sendingFor !== shift.id}
                  onClick={() => void renotify(shift.id)}
                >
                  {t('insights.openSoon.renotify')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
