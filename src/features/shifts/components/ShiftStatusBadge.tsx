import type { CSSProperties } from 'react';
import { Badge } from '@mantine/core';
import { STATUS_COLORS, type ShiftStatus } from '../shift-status.ts';
import { useT } from '../../../i18n/use-t.ts';
import { statusName } from '../shift-display.ts';

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

const UNFILLED_STYLE: CSSProperties = {
  '--badge-radius': 'var(--mantine-radius-sm)',
  background: 'transparent',
  color: 'var(--mantine-color-red-9)',
  border: '1px solid var(--mantine-color-red-9)',
  fontWeight: 700,
  textTransform: 'none',
  flexShrink: 0,
  overflow: 'visible',
} as CSSProperties;
const PAIR_STYLE: CSSProperties = { display: 'inline-flex', flexWrap: 'wrap', gap: 4 };

/**
 * A status with the colour of SPEC §4, and the Unfilled flag beside it for an open shift that
 * reached its start with nobody assigned (the status itself stays one of SPEC's four).
 */
export function ShiftStatusBadge({ status, isUnfilled = false }: { status: ShiftStatus; isUnfilled?: boolean }) {
  const t = useT();
  const badge = (
    <span className={Badge.classes.root} style={STYLES[status]}>
      <span className={Badge.classes.label} style={LABEL_STYLE}>
        {statusName(status, { t })}
      </span>
    </span>
  );
  if (!isUnfilled) return badge;
  return (
    <span style={PAIR_STYLE}>
      {badge}
      <span className={Badge.classes.root} style={UNFILLED_STYLE} title={t('shifts.unfilledTitle')}>
        <span className={Badge.classes.label} style={LABEL_STYLE}>
          {t('shifts.unfilled')}
        </span>
      </span>
    </span>
  );
}
