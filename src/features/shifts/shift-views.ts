/**
 * The Shift Details board's quick views: what a scheduler looks for during the day. A shift can be
 * in several (an unfilled one is also open); counts are per view.
 */
import type { DashboardKey } from '../../i18n/catalogues.ts';
import type { ShiftRow } from './shift-row.ts';

export type ShiftView =
  'needs-action' | 'upcoming' | 'open' | 'unfilled' | 'soon' | 'in-progress' | 'completed' | 'all';

/** A shift with no clock-in this long after its start is late (the coverage overview's rule too). */
export const LATE_AFTER_MS = 10 * 60_000;
const DAY_MS = 24 * 3_600_000;
/** How long after its end a no-show still needs the scheduler's attention. */
export const NO_SHOW_ATTENTION_MS = DAY_MS;

export const SHIFT_VIEWS: readonly { value: ShiftView; label: DashboardKey }[] = [
  { value: 'needs-action', label: 'shifts.view.needsAction' },
  { value: 'upcoming', label: 'shifts.view.upcoming' },
  { value: 'open', label: 'shifts.view.open' },
  { value: 'unfilled', label: 'shifts.view.unfilled' },
  { value: 'soon', label: 'shifts.view.soon' },
  { value: 'in-progress', label: 'shifts.view.inProgress' },
  { value: 'completed', label: 'shifts.view.completed' },
  { value: 'all', label: 'shifts.view.all' },
];

/** A view's value from outside (the URL), or null when it names none. */
export function shiftViewFrom(raw: string | null): ShiftView | null {
  return SHIFT_VIEWS.find(({ value }) => value === raw)?.value ?? null;
}

type ViewFields = Pick<ShiftRow, 'status' | 'starts_at' | 'ends_at' | 'clocked_in_at'> &
  Partial<Pick<ShiftRow, 'unfilled_at' | 'waves_exhausted_at'>>;

/**
 * Flagged by the database's dispatch schedule when it reached its start with nobody assigned, and
 * still nobody's: SPEC's status stays Pending, this is a flag beside it.
 */
export function isUnfilled(shift: ViewFields): boolean {
  return shift.status === 'Pending' && shift.unfilled_at != null;
}

/**
 * A best-matches shift every wave of which went out with nobody accepting, not started yet, from the
 * moment the database's dispatch tick wrote on it (shifts.waves_exhausted_at: 30 minutes after the
 * last wave, or at once within 4 hours of the start; 20261130110000_board_attention.sql). The rule is
 * the database's; the board only compares that moment with its clock, since time passes without the
 * row changing.
 */
export function wavesExhausted(shift: ViewFields, now: number): boolean {
  if (shift.status !== 'Pending' || shift.waves_exhausted_at == null) return false;
  return Date.parse(shift.waves_exhausted_at) <= now && Date.parse(shift.starts_at) > now;
}

/** Why a shift needs the scheduler now, or null. Only a shift someone took or should take counts. */
export type AttentionReason = 'late' | 'unfilled' | 'no-show' | 'waves-exhausted';

export function attentionReason(shift: ViewFields, now: number): AttentionReason | null {
  const starts = Date.parse(shift.starts_at);
  const ends = Date.parse(shift.ends_at);
  if (shift.status === 'Pending') {
    // Started and not over, and nobody accepted it: no one is on the way.
    if (starts <= now) return ends > now ? 'unfilled' : null;
    // Not started: every wave went out and nobody took it.
    return wavesExhausted(shift, now) ? 'waves-exhausted' : null;
  }
  if (shift.status !== 'Assigned' || shift.clocked_in_at !== null) return null;
  // Accepted, never clocked in: late from 10 minutes after the start, a no-show once it is over,
  // for a day: nothing marks a no-show as dealt with, and an old one must not keep the board on
  // Needs action for ever (it stays under All).
  if (ends <= now) return now - ends <= NO_SHOW_ATTENTION_MS ? 'no-show' : null;
  return now - starts >= LATE_AFTER_MS ? 'late' : null;
}

export function isInView(shift: ViewFields, view: ShiftView, now: number): boolean {
  const starts = Date.parse(shift.starts_at);
  const ends = Date.parse(shift.ends_at);
  switch (view) {
    case 'needs-action':
      return attentionReason(shift, now) !== null;
    case 'upcoming':
      return shift.status !== 'Completed' && ends > now;
    case 'open':
      return shift.status === 'Pending' && ends > now;
    case 'unfilled':
      return isUnfilled(shift);
    case 'soon':
      return (shift.status === 'Pending' || shift.status === 'Assigned') && starts > now && starts - now <= DAY_MS;
    case 'in-progress':
      return shift.status === 'In-progress';
    case 'completed':
      return shift.status === 'Completed';
    case 'all':
      return true;
  }
}

export function viewCounts(shifts: readonly ViewFields[], now: number): Record<ShiftView, number> {
  const counts = Object.fromEntries(SHIFT_VIEWS.map(({ value }) => [value, 0])) as Record<ShiftView, number>;
  for (const shift of shifts) {
    for (const { value } of SHIFT_VIEWS) if (isInView(shift, value, now)) counts[value] += 1;
  }
  return counts;
}

/**
 * The view the board opens on: what needs action when anything does, otherwise the shifts still
 * to come, and everything when there are none (past shifts only, or none at all) rather than an
 * empty view.
 */
export function openingView(counts: Record<ShiftView, number>): ShiftView {
  if (counts['needs-action'] > 0) return 'needs-action';
  if (counts.upcoming > 0) return 'upcoming';
  return 'all';
}

/**
 * The view to show a just-posted shift in when the current one hides it: the shifts to come if it
 * is one of them (a post normally is), else everything.
 */
export function viewShowing(shift: ViewFields, current: ShiftView, now: number): ShiftView {
  if (isInView(shift, current, now)) return current;
  return isInView(shift, 'upcoming', now) ? 'upcoming' : 'all';
}
