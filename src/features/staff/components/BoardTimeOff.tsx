import { useId, useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconBeach } from '@tabler/icons-react';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { errorMessage } from '@shared/lib/errors.ts';
import { useT } from '../../../i18n/use-t.ts';
import { BOARD_TIME_OFF_DAYS, describeBoardPeriod, timeOffByWorker } from '../board-time-off.ts';
import { useBoardTimeOff } from '../hooks/use-board-time-off.ts';

/** Workers listed before "Show all": the strip stays a strip above the board. */
const SHOWN_AT_FIRST = 4;

interface BoardTimeOffProps {
  companyId: string;
  /** The company's zone: periods are shown in it, like the shifts. */
  timeZone: string;
}

/**
 * Shift Details: which of the agency's workers are off in the next 7 days (their time off, marked in
 * CareCover Staff; the database does not offer them a shift then). Live; a quiet line when nobody is.
 */
export function BoardTimeOff({ companyId, timeZone }: BoardTimeOffProps) {
  const t = useT();
  const { locale } = useLocale();
  const ruleText = useRuleText();
  const { state, reload } = useBoardTimeOff(companyId);
  const [showAll, setShowAll] = useState(false);
  const titleId = useId();
  const workers = useMemo(
    () => (state.status === 'ready' ? timeOffByWorker(state.periods, state.at, t) : []),
    [state, t],
  );
  const title = t('worker.timeOff.board.title', { days: BOARD_TIME_OFF_DAYS });

  if (state.status === 'loading') {
    return (
      <Group gap="xs" aria-busy="true" aria-label={t('worker.timeOff.loading')} data-testid="board-time-off">
        <IconBeach size={16} aria-hidden="true" />
        <Skeleton height={14} width={260} maw="70%" />
      </Group>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert color="red" variant="light" title={t('worker.timeOff.loadFailed')} data-testid="board-time-off" py="xs">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{ruleText(errorMessage(state.error))}</Text>
          <Button size="xs" variant="default" onClick={reload}>
            {t('worker.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (workers.length === 0) {
    return (
      <Group gap="xs" c="dimmed" data-testid="board-time-off">
        <IconBeach size={16} aria-hidden="true" />
        <Text size="sm">{t('worker.timeOff.board.none', { days: BOARD_TIME_OFF_DAYS })}</Text>
      </Group>
    );
  }
  const shown = showAll ? workers : workers.slice(0, SHOWN_AT_FIRST);
  const hiddenCount = workers.length - shown.length;
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="xs"
      component="section"
      aria-labelledby={titleId}
      data-testid="board-time-off"
    >
      <Group gap="xs" mb={4}>
        <IconBeach size={16} aria-hidden="true" />
        <Text component="h3" size="sm" fw={700} m={0} id={titleId}>
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {t('worker.timeOff.board.count', { count: workers.length })}
        </Text>
      </Group>
      <ul aria-labelledby={titleId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((worker) => (
          <li key={worker.staffId}>
            <Text size="sm" component="span" fw={600}>
              {worker.name}
            </Text>
            {worker.isOffNow && (
              <Badge size="sm" color="gray.8" variant="filled" ml={6} tt="none" style={{ verticalAlign: 'baseline' }}>
                {t('worker.timeOff.board.offNow')}
              </Badge>
            )}
            <Text size="sm" component="span">
              {t('worker.timeOff.board.periods', {
                periods: worker.periods.map((period) => describeBoardPeriod(period, timeZone, t, locale)).join('; '),
              })}
            </Text>
          </li>
        ))}
      </ul>
      {(hiddenCount > 0 || showAll) && workers.length > SHOWN_AT_FIRST && (
        <Anchor component="button" type="button" size="sm" mt={4} onClick={() => setShowAll((all) => !all)}>
          {showAll ? t('worker.timeOff.board.showFewer') : t('worker.timeOff.board.showMore', { count: hiddenCount })}
        </Anchor>
      )}
    </Paper>
  );
}
