/**
 * A shift as a phone card (≤ 600 px): status colour, when, where, who, and the clock and hours
 * lines once they apply. The row's actions menu is placed by DataTable beside it.
 */
import { Group, Stack, Text } from '@mantine/core';
import { hoursDoneCell, shiftIdCell, type ShiftAttention } from '../shift-columns.tsx';
import {
  clockedInLabel,
  clockedOutLabel,
  roleOrMissing,
  shiftLocation,
  shiftWhenLabel,
  staffNameLabel,
} from '../shift-display.ts';
import type { ShiftText } from '../shift-text.ts';
import type { ShiftRow } from '../shift-row.ts';
import { STATUS_COLORS } from '../shift-status.ts';
import { isUnfilled } from '../shift-views.ts';
import { AttentionBadge } from './AttentionBadge.tsx';
import { ShiftStatusBadge } from './ShiftStatusBadge.tsx';

interface ShiftCardOptions {
  /** The person's language and the company's zone (useShiftText). */
  text: ShiftText;
  /** Accepting workers' names; without it (View Staff Shift, one worker's page) no name line. */
  names?: ReadonlyMap<string, string | null>;
  /** Late, no-show and waves-exhausted shifts (Shift Details), marked beside the status. */
  attention?: ShiftAttention;
}

/** A card's line of facts, ' · ' between them (a separator, the same in every language). */
const joinParts = (parts: (string | null)[]): string => parts.filter((part) => part != null).join(' · ');

export const shiftCardAccent = (shift: ShiftRow): string => STATUS_COLORS[shift.status].bg;

export function ShiftCard({ shift, text, names, attention }: ShiftCardOptions & { shift: ShiftRow }) {
  const { t } = text;
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
          {shiftWhenLabel(shift, text)}
        </Text>
      </Group>
      <Text size="sm">{shiftLocation(shift)}</Text>
      <Text size="sm" c="dimmed">
        {joinParts([
          names ? staffNameLabel(shift.accepted_by, names, text) : null,
          roleOrMissing(shift.staff_type, text),
          roleOrMissing(shift.skill, text),
        ])}
      </Text>
      {started && (
        <Text size="xs" c="dimmed">
          {t('shifts.card.inOut', { in: clockedInLabel(shift, text), out: clockedOutLabel(shift, text) })}
        </Text>
      )}
      <Text size="xs" c="dimmed" pos="relative">
        {t('shifts.card.shift')} {shiftIdCell(shift)}
      </Text>
      {shift.time_done != null && (
        <Text size="sm">
          {t('shifts.card.hoursDone')} <span>{hoursDoneCell(shift, text)}</span>
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
