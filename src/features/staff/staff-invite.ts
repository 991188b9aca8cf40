import { formatInstant } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';

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
export function planLimitText(staffLimit: number, t: Translate<DashboardKey>): string {
  return t('staffList.invite.planLimit', { limit: staffLimit });
}

/** 'Nov 21, 2026, 9:05 AM' ('21 nov. 2026, 9 h 05') in the company's zone. */
export function formatSent(sentAt: string, timeZone: string | undefined, locale: Locale): string {
  return formatInstant(sentAt, { locale, timeZone, style: 'dateTime' }) ?? '-';
}

export type InviteTone = 'ok' | 'info' | 'error';

export interface InviteOutcome {
  label: string;
  detail: string;
  tone: InviteTone;
}

/** How each answer reads on one address, and whether it went well (over_limit: see outcomeFor). */
const INVITE_OUTCOMES: Record<
  Exclude<InviteStatus, 'over_limit'>,
  { label: DashboardKey; detail: DashboardKey; tone: InviteTone }
> = {
  invited: { label: 'staffList.outcome.invited', detail: 'staffList.outcome.invitedDetail', tone: 'ok' },
  resent: { label: 'staffList.outcome.resent', detail: 'staffList.outcome.resentDetail', tone: 'ok' },
  already_staff: {
    label: 'staffList.outcome.alreadyStaff',
    detail: 'staffList.outcome.alreadyStaffDetail',
    tone: 'info',
  },
  existing_account: {
    label: 'staffList.outcome.existingAccount',
    detail: 'staffList.outcome.existingAccountDetail',
    tone: 'info',
  },
  not_a_worker: {
    label: 'staffList.outcome.notAWorker',
    detail: 'staffList.outcome.notAWorkerDetail',
    tone: 'error',
  },
  invalid: { label: 'staffList.outcome.invalid', detail: 'staffList.outcome.invalidDetail', tone: 'error' },
  failed: { label: 'staffList.outcome.failed', detail: 'staffList.outcome.failedDetail', tone: 'error' },
};

/** Whether the answer went well ('ok'), is worth knowing ('info') or was a refusal ('error'). */
export function outcomeTone(status: InviteStatus): InviteTone {
  return status === 'over_limit' ? 'error' : INVITE_OUTCOMES[status].tone;
}

/** How one address's answer reads, in the person's language; the plan limit's wording needs the limit. */
export function outcomeFor(status: InviteStatus, staffLimit: number, t: Translate<DashboardKey>): InviteOutcome {
  if (status === 'over_limit') {
    return {
      label: t('staffList.outcome.overLimit'),
      detail: t('staffList.outcome.overLimitDetail', { limitText: planLimitText(staffLimit, t) }),
      tone: 'error',
    };
  }
  const outcome = INVITE_OUTCOMES[status];
  return { label: t(outcome.label), detail: t(outcome.detail), tone: outcome.tone };
}

/** Whether the answer means an invitation is now waiting for the person. */
export const isPendingOutcome = (status: InviteStatus): boolean =>
  status === 'invited' || status === 'resent' || status === 'existing_account';

/** The toast after sending: how many were invited (an email sent, or waiting for them in the app), how many not. */
export function summarizeResults(
  results: readonly InviteResult[],
  t: Translate<DashboardKey>,
): { message: string; isSuccess: boolean } {
  const invited = results.filter((r) => isPendingOutcome(r.status)).length;
  const refused = results.filter((r) => outcomeTone(r.status) === 'error').length;
  if (invited === 0) return { message: t('staffList.invite.noneInvited'), isSuccess: false };
  const message =
    refused > 0
      ? t('staffList.invite.invitedRefused', { count: invited, refused })
      : t('staffList.invite.invited', { count: invited });
  return { message, isSuccess: true };
}
