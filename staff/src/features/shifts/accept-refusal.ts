import type { Translate } from '@shared/i18n/use-t.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';

/** Why the worker may not take a shift, in their own words, by the database's reason code. */
export const REASON_FOR_WORKER: Readonly<Record<string, StaffKey>> = {
  not_employed: 'staff.shift.reason.notEmployed',
  overlapping_shift: 'dbError.overlappingShift',
  time_off: 'dbError.timeOff',
  no_show: 'dbError.noShow',
};

export interface AcceptRefusal {
  title: string;
  message: string;
  /** The shift is no longer one the worker can take: it leaves the open list. */
  isGone: boolean;
}

/**
 * What the worker is told when Accept fails: the shift was taken or ended (it leaves the list), it
 * clashes with their own time (a shift they hold, their time off: accept_shift's hint carries the
 * reason's code, and it leaves the list too), or any other failure (it stays, to try again), said
 * by `errorText` (useStaffErrorText: the database's refusal by its code, in the worker's language).
 */
export function acceptRefusal(
  error: unknown,
  t: Translate<StaffKey>,
  errorText: (error: unknown) => string,
): AcceptRefusal {
  const hint = typeof error === 'object' && error !== null ? (error as { hint?: unknown }).hint : undefined;
  const reason = typeof hint === 'string' ? REASON_FOR_WORKER[hint] : undefined;
  if (reason) return { title: t('staff.shift.cannotTake'), message: t(reason), isGone: true };
  if (hint === 'shift_taken' || hint === 'shift_not_found') {
    return { title: t('staff.shift.takenTitle'), message: t('staff.shift.takenText'), isGone: true };
  }
  if (hint === 'shift_ended') {
    return { title: t('staff.shift.endedTitle'), message: t('staff.shift.endedText'), isGone: true };
  }
  return { title: t('staff.shift.acceptFailed'), message: errorText(error), isGone: false };
}
