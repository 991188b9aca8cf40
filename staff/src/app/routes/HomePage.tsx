import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { JoinAgencyForm } from '../../features/agencies/components/JoinAgencyForm.tsx';
import { OpenShiftList } from '../../features/shifts/components/OpenShiftList.tsx';
import { useLocationAllowed, usePosition } from '../../features/shifts/hooks/use-position.ts';
import { isOpen } from '../../features/shifts/staff-shift.ts';
import { useStaffErrorText } from '../../lib/use-staff-error-text.ts';
import { useLocation, useNavigate } from '@shared/lib/router.tsx';
import { SHIFT_PARAM, staffPaths } from '../../config/paths.ts';
import { useNow } from '@shared/lib/use-now.ts';
import { useStaffData } from '../staff-data.ts';
import { useT } from '../../i18n/use-t.ts';

// Only a worker who opened a notification for a shift they are not offered needs it.
const ShiftAvailabilityNotice = lazy(() =>
  import('../../features/shifts/components/ShiftAvailabilityNotice.tsx').then((m) => ({
    default: m.ShiftAvailabilityNotice,
  })),
);

/**
 * Open shifts the worker can take, from all their agencies, soonest first, live. Opened from a
 * notification (`?shift=<id>`), it outlines that shift, or says why the worker cannot take it.
 */
export function HomePage() {
  const t = useT();
  const errorText = useStaffErrorText();
  const { agencies, board, userId } = useStaffData();
  const navigate = useNavigate();
  const focusId = new URLSearchParams(useLocation().search).get(SHIFT_PARAM);
  const closeFocus = useCallback(() => navigate(staffPaths.home, { replace: true }), [navigate]);
  const { reload } = board;
  const reloadBoard = useCallback(() => void reload(), [reload]);
  const isLocationAllowed = useLocationAllowed();
  const [wantsDistances, setWantsDistances] = useState(false);
  const { state: positionState, locate } = usePosition(isLocationAllowed || wantsDistances);
  const position = positionState.status === 'found' ? positionState.position : null;
  const now = useNow(30_000);
  const open = (board.shifts ?? [])
    .filter((shift) => isOpen(shift, now))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));

  const hasNoAgency = agencies.agencies !== null && agencies.agencies.length === 0;
  const isFocusOpen = focusId !== null && open.some((shift) => shift.id === focusId);

  useEffect(() => {
    if (!isFocusOpen || !focusId) return;
    document.querySelector(`[data-shift-id="${CSS.escape(focusId)}"]`)?.scrollIntoView({ block: 'center' });
  }, [isFocusOpen, focusId]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} fz={24}>
          {t('staff.home.title')}
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
            {t('staff.home.showDistances')}
          </Button>
        )}
      </Group>
      {hasNoAgency && (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} fz={18}>
              {t('staff.home.joinTitle')}
            </Title>
            <Text size="sm">{t('staff.home.joinText')}</Text>
            <JoinAgencyForm joinedIds={[]} onJoined={() => void agencies.reload().then(board.reload)} />
          </Stack>
        </Card>
      )}
      {focusId !== null && board.shifts !== null && !isFocusOpen && (
        <Suspense fallback={null}>
          <ShiftAvailabilityNotice
            key={focusId}
            shiftId={focusId}
            userId={userId}
            onClose={closeFocus}
            onOpen={reloadBoard}
            onShowMyShifts={() => navigate(staffPaths.myShifts)}
          />
        </Suspense>
      )}
      {board.error != null && board.shifts === null && (
        <Alert color="red" role="alert" title={t('staff.home.loadFailed')}>
          {errorText(board.error)}
          <Button variant="subtle" size="compact-sm" ml="xs" onClick={() => void board.reload()}>
            {t('staff.common.tryAgain')}
          </Button>
        </Alert>
      )}
      {board.shifts === null && board.error == null && (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('staff.home.loadingShifts')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={150} radius="md" />
          ))}
        </Stack>
      )}
      {board.shifts !== null && open.length === 0 && !hasNoAgency && (
        <Card withBorder padding="lg">
          <Text fw={700}>{t('staff.home.emptyTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('staff.home.emptyText')}
          </Text>
        </Card>
      )}
      {open.length > 0 && (
        <OpenShiftList
          shifts={open}
          arrivedLive={board.arrivedLive}
          position={position}
          onAccepted={(shiftId) => {
            if (shiftId === focusId) closeFocus();
            void board.reload();
          }}
          onTaken={board.drop}
          highlightedId={focusId}
        />
      )}
    </Stack>
  );
}
