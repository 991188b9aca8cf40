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

  const stats = [
    { label: 'Fill rate', value: overview ? formatFillRate(overview.fill_rate) : '', hint: fillHint(overview) },
    { label: 'Median time to fill', value: overview ? formatMinutes(overview.median_minutes_to_fill) : '' },
    { label: 'P90 time to fill', value: overview ? formatMinutes(overview.p90_minutes_to_fill) : '' },
    {
      label: 'Late clock-ins',
      value: overview ? String(overview.late_clock_ins.count) : '',
      hint: 'More than 10 min after start',
    },
  ];

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="coverage-overview-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={3} fz="lg" id="coverage-overview-title">
            Coverage overview
          </Title>
          <SegmentedControl
            aria-label="Period"
            size="xs"
            value={String(days)}
            onChange={(value) => setDays(Number(value) as PeriodDays)}
            data={PERIOD_DAYS.map((d) => ({ value: String(d), label: `Last ${d} days` }))}
          />
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {stats.map((stat) => (
            <Paper key={stat.label} withBorder radius="md" p="sm" role="group" aria-label={stat.label}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {stat.label}
              </Text>
              {isLoading ? (
                <Skeleton h={28} mt={6} w="60%" aria-hidden="true" />
              ) : (
                <Text fz={26} fw={700} lh={1.3} data-testid={`stat-${stat.label}`}>
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
          <OpenSoonList shifts={overview.open_soon} companyId={companyId} />
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
            Loading coverage…
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function fillHint(overview: ReturnType<typeof useCoverageOverview>['overview']): string | undefined {
  if (!overview) return undefined;
  return `${overview.filled_before_start} of ${overview.posted} posted filled before start`;
}

function OpenSoonList({ shifts, companyId }: { shifts: OpenSoonShift[]; companyId: string }) {
  const [sendingFor, setSendingFor] = useState<string | null>(null);

  const renotify = async (shiftId: string) => {
    setSendingFor(shiftId);
    try {
      const answer = await renotifyStaff(companyId, shiftId);
      showSuccess(
        answer.sent === 1 ? '1 staff member re-notified' : `${answer.sent} staff members re-notified`,
        'Staff re-notified',
      );
    } catch {
      showError('Failed to re-notify staff');
    } finally {
      setSendingFor(null);
    }
  };

  return (
    <Stack gap={6} component="section" aria-labelledby="open-soon-title">
      <Group gap="xs">
        <Title order={4} fz="sm" id="open-soon-title">
          Open shifts starting within 24 hours
        </Title>
        <Badge color={shifts.length > 0 ? 'orange' : 'gray'} variant="light">
          {shifts.length}
        </Badge>
      </Group>
      {shifts.length === 0 ? (
        <Text size="sm" c="dimmed">
          Every shift starting in the next 24 hours has been accepted.
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
              aria-label={`Open shift ${shift.id}`}
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Text size="sm" fw={600}>
                    Starts {formatLocalStamp(shift.starts_at)}
                  </Text>
                  <Text size="sm">{shift.address}</Text>
                  <Text size="xs" c="dimmed">
                    {shift.staff_type} · {shift.skill}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  leftSection={<IconBellRinging size={14} aria-hidden="true" />}
                  loading={sendingFor === shift.id}
                  disabled={sendingFor != null && sendingFor !== shift.id}
                  onClick={() => void renotify(shift.id)}
                >
                  Re-notify staff
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
