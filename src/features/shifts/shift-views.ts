/**
 * The Shift Details board's quick views: what a scheduler looks for during the day. A shift can be
 * in several (a late one is also open); counts are per view.
 */
import type { ShiftRow } from './shift-row.ts';

export type ShiftView = 'late' | 'soon' | 'open' | 'in-progress' | 'completed' | 'all';

/** A shift with no clock-in this long after its start is late (the coverage overview's rule too). */
export const LATE_AFTER_MS = 10 * 60_000;
const DAY_MS = 24 * 3_600_000;

export const SHIFT_VIEWS: readonly { value: ShiftView; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'soon', label: 'Starting in 24 h' },
  { value: 'in-progress', label: 'In progress' },
  { value: 'late', label: 'Late' },
  { value: 'completed', label: 'Completed' },
  { value: 'all', label: 'All' },
];

type ViewFields = Pick<ShiftRow, 'status' | 'starts_at' | 'ends_at' | 'clocked_in_at'>;

export function isInView(shift: ViewFields, view: ShiftView, now: number): boolean {
  const starts = Date.parse(shift.starts_at);
  const ends = Date.parse(shift.ends_at);
  switch (view) {
    case 'open':
      return shift.status === 'Pending' && ends > now;
    case 'soon':
      return (shift.status === 'Pending' || shift.status === 'Assigned') && starts > now && starts - now <= DAY_MS;
    case 'in-progress':
      return shift.status === 'In-progress';
    case 'late':
      return (
        shift.clocked_in_at === null && shift.status !== 'Completed' && now - starts >= LATE_AFTER_MS && ends > now
      );
    case 'completed':
      return shift.status === 'Completed';
    case 'all':
      return true;
  }
}

export function viewCounts(shifts: readonly ViewFields[], now: number): Record<ShiftView, number> {
  const counts: Record<ShiftView, number> = { late: 0, soon: 0, open: 0, 'in-progress': 0, completed: 0, all: 0 };
  for (const shift of shifts) {
    for (const { value } of SHIFT_VIEWS) if (isInView(shift, value, now)) counts[value] += 1;
  }
  return counts;
}

/**
 * The view that needs attention first: late shifts, then those starting within a day, then open
 * ones, and everything when nothing is pending.
 */
export function attentionView(counts: Record<ShiftView, number>): ShiftView {
  if (counts.late > 0) return 'late';
  if (counts.soon > 0) return 'soon';
  if (counts.open > 0) return 'open';
  return 'all';
}
