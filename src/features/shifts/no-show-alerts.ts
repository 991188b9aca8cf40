/**
 * The board's late and no-show alerts, the dashboard's side of 20261129160000_no_shows.sql: a shift
 * held with no clock-in 10 minutes after its start is late (the database's watchdog pushes the worker
 * then, and marks the shift late_alerted_at), and from the agency's threshold it may be re-posted.
 * The database decides (repost_shift refuses before the threshold); this says the same ahead of time
 * so the button can say why it is not there yet.
 */
import { LATE_AFTER_MS } from './shift-views.ts';
import type { ShiftRow } from './shift-row.ts';
import type { ShiftText } from './shift-text.ts';

type AlertFields = Pick<ShiftRow, 'id' | 'status' | 'starts_at' | 'ends_at' | 'clocked_in_at' | 'accepted_by'>;

/** The agency's setting when the company row does not say (the database's default). */
export const DEFAULT_REPOST_AFTER_MINUTES = 15;

export interface LateAlert<T extends AlertFields = AlertFields> {
  shift: T;
  /** Whole minutes since the start. */
  minutesLate: number;
  /** When Re-post opens (the start plus the agency's threshold), as epoch ms. */
  repostOpensAt: number;
  canRepost: boolean;
}

/** Held, not clocked in, not over, and 10 minutes or more past its start. */
export function isLate(shift: AlertFields, now: number): boolean {
  if (shift.status !== 'Assigned' || shift.clocked_in_at !== null) return false;
  const starts = Date.parse(shift.starts_at);
  return Date.parse(shift.ends_at) > now && now - starts >= LATE_AFTER_MS;
}

/** The late shifts, longest late first, each with when it can be re-posted. */
export function lateAlerts<T extends AlertFields>(
  shifts: readonly T[],
  now: number,
  repostAfterMinutes: number,
): LateAlert<T>[] {
  return shifts
    .filter((shift) => isLate(shift, now))
    .map((shift) => {
      const starts = Date.parse(shift.starts_at);
      const repostOpensAt = starts + repostAfterMinutes * 60_000;
      return {
        shift,
        minutesLate: Math.floor((now - starts) / 60_000),
        repostOpensAt,
        canRepost: now >= repostOpensAt,
      };
    })
    .sort((a, b) => b.minutesLate - a.minutesLate || (a.shift.id < b.shift.id ? -1 : 1));
}

/** Why Re-post is not offered yet, or null when it is. `opensAtLabel` is the time it opens, as shown. */
export function repostWaitReason(
  alert: Pick<LateAlert, 'canRepost'>,
  repostAfterMinutes: number,
  opensAtLabel: string,
  text: Pick<ShiftText, 't'>,
): string | null {
  if (alert.canRepost) return null;
  return text.t('shifts.repost.opensAt', { minutes: repostAfterMinutes, time: opensAtLabel });
}

/** The notice's title: how many workers have not clocked in. */
export function lateNoticeTitle(count: number, text: Pick<ShiftText, 't'>): string {
  return text.t('shifts.late.title', { count });
}
