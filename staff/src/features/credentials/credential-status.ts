import { formatInstant } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';

/** A credential an agency recorded for the worker (issue 28), as CareCover Staff shows it. */
export interface MyCredential {
  id: string;
  /** The agency that recorded it. */
  companyId: string;
  type: string;
  registrationNumber: string | null;
  /** Calendar days, 'YYYY-MM-DD'. */
  issuedOn: string | null;
  expiresOn: string | null;
  verifiedAt: string | null;
  verifiedBy: string | null;
}

/**
 * Within this many days of its expiry a credential is shown as a warning: the worker's first
 * reminder comes 30 days before, and the agency's page calls it "Expires soon" from then on too.
 */
export const EXPIRY_WARNING_DAYS = 30;

export type CredentialStatus =
  { kind: 'valid'; hasExpiry: boolean } | { kind: 'expiring'; days: number } | { kind: 'expired' };

/** The calendar day ('YYYY-MM-DD') it is at `now` in `timeZone`; an unknown zone counts as UTC. */
export function dayIn(now: number, timeZone: string): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  }
  return format.format(now);
}

/** Whole days from `from` to `to` (calendar days, so a change of clocks in between counts for nothing). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A credential's state on `today`. It is good through its expiry day, as the database counts it
 * when it decides who may take a shift; a credential without an expiry date stays valid.
 */
export function credentialStatus(expiresOn: string | null, today: string): CredentialStatus {
  if (!expiresOn) return { kind: 'valid', hasExpiry: false };
  const days = daysBetween(today, expiresOn);
  if (days < 0) return { kind: 'expired' };
  if (days <= EXPIRY_WARNING_DAYS) return { kind: 'expiring', days };
  return { kind: 'valid', hasExpiry: true };
}

/** What the state badge says, in the person's language. */
export function statusLabel(status: CredentialStatus, t: Translate<StaffKey>): string {
  switch (status.kind) {
    case 'expired':
      return t('staff.credentials.expired');
    case 'valid':
      return t('staff.credentials.valid');
    case 'expiring':
      if (status.days === 0) return t('staff.credentials.expiresToday');
      if (status.days === 1) return t('staff.credentials.expiresTomorrow');
      return t('staff.credentials.expiresInDays', { days: status.days });
  }
}

/** 'Nov 21, 2026' (or '21 nov. 2026') for a calendar day: the same day wherever the phone is. */
export function formatDay(day: string, locale: Locale): string {
  return formatInstant(`${day}T12:00:00Z`, { locale, timeZone: 'UTC', style: 'date' }) ?? day;
}

export interface AgencyCredentials {
  companyId: string;
  /** Null for an agency the worker no longer works with (its name is no longer theirs to read). */
  agencyName: string | null;
  timeZone: string | null;
  credentials: MyCredential[];
}

export interface KnownAgency {
  companyId: string;
  name: string;
  timeZone: string;
}

/**
 * The credentials grouped by the agency that recorded them: current agencies in the order the
 * worker joined them, then any they have left. Within an agency, the soonest to expire first
 * (those without an expiry date last), then by type.
 */
export function groupByAgency(credentials: MyCredential[], agencies: KnownAgency[]): AgencyCredentials[] {
  const byCompany = new Map<string, MyCredential[]>();
  for (const credential of credentials) {
    const list = byCompany.get(credential.companyId) ?? [];
    list.push(credential);
    byCompany.set(credential.companyId, list);
  }
  const sorted = (list: MyCredential[]) =>
    [...list].sort(
      (a, b) =>
        (a.expiresOn ?? '9999-12-31').localeCompare(b.expiresOn ?? '9999-12-31') || a.type.localeCompare(b.type),
    );
  const groups: AgencyCredentials[] = [];
  for (const agency of agencies) {
    const list = byCompany.get(agency.companyId);
    if (!list) continue;
    byCompany.delete(agency.companyId);
    groups.push({
      companyId: agency.companyId,
      agencyName: agency.name,
      timeZone: agency.timeZone,
      credentials: sorted(list),
    });
  }
  for (const [companyId, list] of byCompany) {
    groups.push({ companyId, agencyName: null, timeZone: null, credentials: sorted(list) });
  }
  return groups;
}
