import { useState } from 'react';
import { SegmentedControl, Skeleton, Stack, Title } from '@mantine/core';
import { MyShiftList } from '../../features/shifts/components/MyShiftList.tsx';
import { useStaffData } from '../staff-data.ts';
import { useNow } from '@shared/lib/use-now.ts';

type Part = 'upcoming' | 'in-progress' | 'completed';

const EMPTY: Record<Part, string> = {
  upcoming: 'No upcoming shifts. Accept one on Home.',
  'in-progress': 'You are not clocked in to a shift.',
  completed: 'Completed shifts and their hours show here.',
};

/** The worker's accepted shifts: upcoming (soonest first), in progress, completed (newest first). */
export function MyShiftsPage() {
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
        My shifts
      </Title>
      <SegmentedControl
        fullWidth
        size="xs"
        value={part}
        onChange={(value) => setPart(value as Part)}
        aria-label="Which shifts"
        data={(
          [
            ['upcoming', 'Upcoming'],
            ['in-progress', 'In progress'],
            ['completed', 'Completed'],
          ] as const
        ).map(([value, name]) => ({ value, label: `${name} · ${byPart[value].length}` }))}
      />
      {board.shifts === null ? (
        <Skeleton height={150} radius="md" role="status" aria-label="Loading your shifts" />
      ) : (
        <MyShiftList
          shifts={byPart[part]}
          now={now}
          onChanged={(nowIn) => {
            setPart(nowIn);
            void board.reload();
          }}
          emptyText={EMPTY[part]}
        />
      )}
    </Stack>
  );
}
