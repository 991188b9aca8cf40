/**
 * A shift as a phone card (≤ 600 px): status colour, when, where, who, and the clock and hours
 * lines once they apply. The row's actions menu is placed by DataTable beside it.
 */
import { Group, Stack, Text } from '@mantine/core';
import { hoursDoneCell, shiftIdCell, type ShiftAttention } from '../shift-columns.tsx';
import {
  clockedInLabel,
  clockedOutLabel,
  orMissing,
  shiftLocation,
  shiftWhenLabel,
  staffNameLabel,
} from '../shift-display.ts';
import type { ShiftRow } from '../shift-row.ts';
import { STATUS_COLORS } from '../shift-status.ts';
import { isUnfilled } from '../shift-views.ts';
import { AttentionBadge } from './AttentionBadge.tsx';
import { ShiftStatusBadge } from './ShiftStatusBadge.tsx';

interface ShiftCardOptions {
  timeZone: string;
  /** Accepting workers' names; without it (View Staff Shift, one worker's page) no name line. */
  names?: ReadonlyMap<string, string | null>;
  /** Late, no-show and waves-exhausted shifts (Shift Details), marked beside the status. */
  attention?: ShiftAttention;
}

export const shiftCardAccent = (shift: ShiftRow): string => STATUS_COLORS[shift.status].bg;

export function ShiftCard({ shift, timeZone, names, attention }: ShiftCardOptions & { shift: ShiftRow }) {
  const started = shift.clocked_in_at != null;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        {/* On a phone a long mark wraps under the status: the gap, not a margin, spaces them. */}
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 6 }}>
          <ShiftStatusBadge status={shift.status} isUnfilled={isUnfilled(shift)} />
          <AttentionBadge reason={attention?.get(shift.id)} spaced={false} />
        </span>
        <Text size="sm" fw={700}>
          {shiftWhenLabel(shift, timeZone)}
        </Text>
      </Group>
      <Text size="sm">{shiftLocation(shift)}</Text>
      <Text size="sm" c="dimmed">
        {[names ? staffNameLabel(shift.accepted_by, names) : null, orMissing(shift.staff_type), orMissing(shift.skill)]
          .filter((part) => part != null)
          .join(' · ')}
      </Text>
      {started && (
        <Text size="xs" c="dimmed">
          In {clockedInLabel(shift, timeZone)} · Out {clockedOutLabel(shift, timeZone)}
        </Text>
      )}
      <Text size="xs" c="dimmed" pos="relative">
        Shift {shiftIdCell(shift)}
      </Text>
      {shift.time_done != null && (
        <Text size="sm">
          Hours done: <span>{hoursDoneCell(shift)}</span>
        </Text>
      )}
    </Stack>
  );
}

/** DataTable's renderCard for a shift table. */
export function shiftCardRenderer(options: ShiftCardOptions) {
  return function renderShiftCard(shift: ShiftRow) {
    return <ShiftCard shift={shift} {...options} />;
  };
}
