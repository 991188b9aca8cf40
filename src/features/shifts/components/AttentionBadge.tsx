import type { CSSProperties } from 'react';
import { Badge } from '@mantine/core';
import type { AttentionReason } from '../shift-views.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';

const STYLE: CSSProperties = {
  '--badge-radius': 'var(--mantine-radius-sm)',
  background: 'var(--mantine-color-red-9)',
  color: '#ffffff',
  fontWeight: 700,
  textTransform: 'none',
  flexShrink: 0,
  overflow: 'visible',
  marginInlineStart: 6,
} as CSSProperties;
const UNSPACED: CSSProperties = { ...STYLE, marginInlineStart: 0 };

// Unfilled has its own mark (ShiftStatusBadge). Each label says what the data shows, no more: a
// shift whose waves are exhausted may still be taken; nobody has yet.
const LABELS: Partial<Record<AttentionReason, DashboardKey>> = {
  late: 'shifts.attention.late',
  'no-show': 'shifts.attention.noShow',
  'waves-exhausted': 'shifts.attention.wavesExhausted',
};

/**
 * Beside a shift's status: the worker has not clocked in 10 minutes after the start (Late), the
 * shift ended without them (No-show), or a best-matches shift's every wave went out and nobody
 * accepted it. Plain spans with Badge's classes, like ShiftStatusBadge.
 */
export function AttentionBadge({
  reason,
  spaced = true,
}: {
  reason: AttentionReason | null | undefined;
  /** Its own space before it (beside the status in a table cell); off where the container spaces it. */
  spaced?: boolean;
}) {
  const t = useT();
  const label = reason ? LABELS[reason] : undefined;
  if (!label) return null;
  return (
    <span className={Badge.classes.root} style={spaced ? STYLE : UNSPACED} data-attention={reason}>
      <span className={Badge.classes.label} style={{ overflow: 'visible' }}>
        {t(label)}
      </span>
    </span>
  );
}
