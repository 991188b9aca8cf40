import { Badge } from '@mantine/core';
import { STATUS_COLORS, type ShiftStatus } from '../shift-status.ts';

/** A status with the colour of SPEC §4. */
export function ShiftStatusBadge({ status }: { status: ShiftStatus }) {
  const { bg, fg } = STATUS_COLORS[status];
  return (
    <Badge
      radius="sm"
      variant="filled"
      bg={bg}
      c={fg}
      tt="none"
      fw={700}
      // Mantine truncates badge labels; a status must always read in full.
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}
