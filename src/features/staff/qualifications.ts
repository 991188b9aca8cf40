import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';

/** What an agency records about a worker it employs (issue 28), as the worker's page edits it. */
export interface Qualifications {
  staff_types: string[];
  skills: string[];
  languages: string[];
  max_weekly_hours: number | null;
}

export interface Credential {
  id: string;
  credential_type: string;
  registration_number: string | null;
  issued_on: string | null;
  expires_on: string | null;
  verified_at: string | null;
  verified_by: string | null;
}

export const EMPTY_QUALIFICATIONS: Qualifications = {
  staff_types: [],
  skills: [],
  languages: [],
  max_weekly_hours: null,
};

/** Whether the agency recorded anything: until it does, the worker may take any of its shifts. */
export function isRecorded(q: Qualifications): boolean {
  return q.staff_types.length > 0 || q.skills.length > 0 || q.languages.length > 0 || q.max_weekly_hours !== null;
}

/** A credential's state on a given day (dates are calendar days, 'YYYY-MM-DD'). */
export type CredentialState = 'unverified' | 'expired' | 'expiring' | 'valid';

/** Expiring: within 30 days, when the worker's reminders start. */
export function credentialState(credential: Credential, today: string): CredentialState {
  if (!credential.verified_at) return 'unverified';
  if (!credential.expires_on) return 'valid';
  if (credential.expires_on < today) return 'expired';
  const days = (Date.parse(credential.expires_on) - Date.parse(today)) / 86_400_000;
  return days <= 30 ? 'expiring' : 'valid';
}

export interface QualificationsErrors {
  max_weekly_hours?: string;
}

export function validateQualifications(q: Qualifications, t: Translate<DashboardKey>): QualificationsErrors {
  const hours = q.max_weekly_hours;
  if (hours !== null && (!Number.isFinite(hours) || hours <= 0 || hours > 168)) {
    return { max_weekly_hours: t('worker.qualifications.hoursRange') };
  }
  return {};
}

export interface CredentialInput {
  credential_type: string;
  registration_number: string;
  issued_on: string | null;
  expires_on: string | null;
  verified: boolean;
}

export interface CredentialErrors {
  credential_type?: string;
  registration_number?: string;
  expires_on?: string;
}

/** The database's limits on a credential's texts (staff_credentials' checks). */
const TYPE_MAX = 80;
const NUMBER_MAX = 60;

export function validateCredential(input: CredentialInput, t: Translate<DashboardKey>): CredentialErrors {
  const errors: CredentialErrors = {};
  const type = input.credential_type.trim();
  if (!type) errors.credential_type = t('worker.credentials.typeRequired');
  else if (type.length > TYPE_MAX) errors.credential_type = t('worker.credentials.tooLong', { max: TYPE_MAX });
  if (input.registration_number.trim().length > NUMBER_MAX) {
    errors.registration_number = t('worker.credentials.tooLong', { max: NUMBER_MAX });
  }
  if (input.issued_on && input.expires_on && input.expires_on < input.issued_on) {
    errors.expires_on = t('worker.credentials.expiryBeforeIssue');
  }
  return errors;
}
