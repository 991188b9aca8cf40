import type { CSSProperties } from 'react';
import { Badge } from '@mantine/core';
import { STATUS_COLORS, type ShiftStatus } from '../shift-status.ts';

// Mantine's Badge look from its own classes on plain spans: every table row has a badge, and a
// Badge component per row was a measurable part of a page turn with thousands of shifts.
const STYLES = Object.fromEntries(
  Object.entries(STATUS_COLORS).map(([status, { bg, fg }]) => [
    status,
    {
      '--badge-radius': 'var(--mantine-radius-sm)',
      background: bg,
      color: fg,
      fontWeight: 700,
      textTransform: 'none',
      // Mantine truncates badge labels; a status must always read in full.
      flexShrink: 0,
      overflow: 'visible',
    } as CSSProperties,
  ]),
) as Record<ShiftStatus, CSSProperties>;
const LABEL_STYLE: CSSProperties = { overflow: 'visible' };

/** A status with the colour of SPEC §4. */
export function ShiftStatusBadge({ status }: { status: ShiftStatus }) {
  return (
    <span className={Badge.classes.root} style={STYLES[status]}>
      <span className={Badge.classes.label} style={LABEL_STYLE}>
        {status}
      </span>
    </span>
  );
}
