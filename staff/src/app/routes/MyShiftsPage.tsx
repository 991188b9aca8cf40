import { useState } from 'react';
import { SegmentedControl, Skeleton, Stack, Title } from '@mantine/core';
import { MyShiftList } from '../../features/shifts/components/MyShiftList.tsx';
import { useStaffData } from '../staff-data.ts';
import { useNow } from '@shared/lib/use-now.ts';
import { useT } from '../../i18n/use-t.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';

type Part = 'upcoming' | 'in-progress' | 'completed';

const PARTS: readonly (readonly [Part, StaffKey])[] = [
  ['upcoming', 'staff.myShifts.upcoming'],
  ['in-progress', 'staff.myShifts.inProgress'],
  ['completed', 'staff.myShifts.completed'],
];

const EMPTY: Record<Part, StaffKey> = {
  upcoming: 'staff.myShifts.emptyUpcoming',
  'in-progress': 'staff.myShifts.emptyInProgress',
  completed: 'staff.myShifts.emptyCompleted',
};

/** The worker's accepted shifts: upcoming (soonest first), in progress, completed (newest first). */
export function MyShiftsPage() {
  const t = useT();
  const { board } = useStaffData();
  const now = useNow(30_000);
  const mine = (board.shifts ?? []).filter((shift) => shift.isMine);
  const inProgress = mine.filter((s) => s.status === 'In-progress');
  const [part, setPart] = useState<Part>(() => (inProgress.length ? 'in-progress' : 'upcoming'));
  const byPart: Record<Part, typeof mine> = {
    upcoming: mine
      .filter((s) => s.status === 'Assigned')
      .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)),
    'in-progress': inProgress,
    completed: mine
      .filter((s) => s.status === 'Completed')
      .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt)),
  };

  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        {t('staff.myShifts.title')}
      </Title>
      <SegmentedControl
        fullWidth
        size="xs"
        value={part}
        onChange={(value) => setPart(value as Part)}
        aria-label={t('staff.myShifts.which')}
        data={PARTS.map(([value, name]) => ({
          value,
          label: t('staff.myShifts.partCount', { part: t(name), count: byPart[value].length }),
        }))}
      />
      {board.shifts === null ? (
        <Skeleton height={150} radius="md" role="status" aria-label={t('staff.myShifts.loading')} />
      ) : (
        <MyShiftList
          shifts={byPart[part]}
          now={now}
          onChanged={(nowIn) => {
            setPart(nowIn);
            void board.reload();
          }}
          emptyText={t(EMPTY[part])}
        />
      )}
    </Stack>
  );
}
