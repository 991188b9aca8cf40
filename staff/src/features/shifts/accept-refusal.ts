import { staffErrorMessage } from '../../lib/staff-errors.ts';
import { TAKEN_BY_ANOTHER } from './api/accept-shift.ts';

/** Why the worker may not take a shift, in their own words, by the database's reason code. */
export const REASON_FOR_WORKER: Readonly<Record<string, string>> = {
  not_employed: 'You no longer work for this agency',
  overlapping_shift: 'You already have another shift at this time',
  time_off: 'This shift is during your time off',
  no_show: 'You did not clock in to this shift, so your agency offered it to other staff',
};

/** The title a refusal for one of those reasons goes under. */
export const CANNOT_TAKE_TITLE = 'You can’t take this shift';

export interface AcceptRefusal {
  title: string;
  message: string;
  /** The shift is no longer one the worker can take: it leaves the open list. */
  isGone: boolean;
}

/**
 * What the worker is told when Accept fails: the shift was taken or ended (it leaves the list), it
 * clashes with their own time (a shift they hold, their time off: accept_shift's hint carries the
 * reason's code, and it leaves the list too), or any other failure (it stays, to try again).
 */
export function acceptRefusal(error: unknown): AcceptRefusal {
  const hint = typeof error === 'object' && error !== null ? (error as { hint?: unknown }).hint : undefined;
  const reason = typeof hint === 'string' ? REASON_FOR_WORKER[hint] : undefined;
  if (reason) return { title: CANNOT_TAKE_TITLE, message: reason, isGone: true };
  const message = staffErrorMessage(error);
  if (message === TAKEN_BY_ANOTHER || message === 'Shift not found') {
    return {
      title: 'Sorry, this shift was just taken',
      message: 'Another staff member accepted it just before you.',
      isGone: true,
    };
  }
  if (message === 'This shift has already ended') {
    return { title: 'This shift has ended', message: 'It can no longer be accepted.', isGone: true };
  }
  return { title: 'Could not accept the shift', message, isGone: false };
}
