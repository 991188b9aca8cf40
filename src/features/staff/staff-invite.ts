import { formatInZone } from '@shared/lib/zoned-format.ts';

/** A pending invitation on Staff List (staff_invites, RLS-limited to the company's own). */
export interface StaffInvite {
  id: string;
  email: string;
  name: string | null;
  sent_at: string;
  expires_at: string;
}

export const STAFF_INVITE_COLUMNS = 'id, email, name, sent_at, expires_at';

/** What the invite-workers function answers for one address. */
export type InviteStatus =
  'invited' | 'resent' | 'already_staff' | 'existing_account' | 'not_a_worker' | 'invalid' | 'over_limit' | 'failed';

export interface InviteResult {
  email: string;
  status: InviteStatus;
}

/** An expired invitation holds no place and cannot be accepted until it is sent again. */
export function isExpired(invite: Pick<StaffInvite, 'expires_at'>, now = Date.now()): boolean {
  return Date.parse(invite.expires_at) <= now;
}

/** Invitations that hold one of the free plan's places (the database counts the same). */
export function countActiveInvites(invites: readonly StaffInvite[], now = Date.now()): number {
  return invites.filter((invite) => !isExpired(invite, now)).length;
}

/** Places of a plan's staff limit left: staff and pending invitations both take one (SPEC §9). */
export function placesLeft(staffLimit: number, staffCount: number, activeInvites: number): number {
  return Math.max(0, staffLimit - staffCount - activeInvites);
}

/** The free plan's staff limit as the invite dialog and its results word it (SPEC §9's feature text). */
export function planLimitText(staffLimit: number): string {
  return `The free plan includes onboarding of up to ${staffLimit} frontline staff, pending invitations included.`;
}

/** 'Sent Nov 21, 2026, 9:05 AM' in the company's zone. */
export function formatSent(sentAt: string, timeZone?: string): string {
  return formatInZone(sentAt, timeZone, 'dateTime') ?? '-';
}

export interface InviteOutcome {
  label: string;
  detail: string;
  tone: 'ok' | 'info' | 'error';
}

/** How each answer reads on one address, and whether it went well (over_limit: see outcomeFor). */
const INVITE_OUTCOMES: Record<Exclude<InviteStatus, 'over_limit'>, InviteOutcome> = {
  invited: { label: 'Invited', detail: 'Invitation email sent.', tone: 'ok' },
  resent: { label: 'Sent again', detail: 'Already invited: the invitation email was sent again.', tone: 'ok' },
  already_staff: { label: 'Already on your staff', detail: 'This person already works for you.', tone: 'info' },
  existing_account: {
    label: 'Has an account',
    detail:
      'This person already has a CareCover account, so no email was sent. They join your staff the next time they open CareCover Staff.',
    tone: 'info',
  },
  not_a_worker: {
    label: 'Agency account',
    detail: 'This address belongs to an agency account, which cannot join your staff.',
    tone: 'error',
  },
  invalid: { label: 'Not valid', detail: 'This is not a valid email address.', tone: 'error' },
  failed: {
    label: 'Not sent',
    detail: 'The invitation email could not be sent. Please try again later.',
    tone: 'error',
  },
};

/** How one address's answer reads; the plan limit's wording needs the limit. */
export function outcomeFor(status: InviteStatus, staffLimit: number): InviteOutcome {
  if (status === 'over_limit') {
    return { label: 'Over the plan limit', detail: `Not invited. ${planLimitText(staffLimit)}`, tone: 'error' };
  }
  return INVITE_OUTCOMES[status];
}

/** Whether the answer means an invitation is now waiting for the person. */
export const isPendingOutcome = (status: InviteStatus): boolean =>
  status === 'invited' || status === 'resent' || status === 'existing_account';

/** The toast after sending: how many were invited (an email sent, or waiting for them in the app), how many not. */
export function summarizeResults(results: readonly InviteResult[]): { message: string; isSuccess: boolean } {
  const invited = results.filter((r) => isPendingOutcome(r.status)).length;
  const refused = results.filter((r) => outcomeFor(r.status, 0).tone === 'error').length;
  if (invited === 0) return { message: 'No one was invited. See the result for each address.', isSuccess: false };
  const message = `${invited} ${invited === 1 ? 'worker' : 'workers'} invited`;
  return { message: refused > 0 ? `${message}, ${refused} not invited` : message, isSuccess: true };
}
