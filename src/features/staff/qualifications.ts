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

export function validateQualifications(q: Qualifications): QualificationsErrors {
  const hours = q.max_weekly_hours;
  if (hours !== null && (!Number.isFinite(hours) || hours <= 0 || hours > 168)) {
    return { max_weekly_hours: 'Enter hours from 1 to 168, or leave it empty' };
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

export function validateCredential(input: CredentialInput): CredentialErrors {
  const errors: CredentialErrors = {};
  const type = input.credential_type.trim();
  if (!type) errors.credential_type = 'Credential type is required';
  else if (type.length > 80) errors.credential_type = 'Use at most 80 characters';
  if (input.registration_number.trim().length > 60) errors.registration_number = 'Use at most 60 characters';
  if (input.issued_on && input.expires_on && input.expires_on < input.issued_on) {
    errors.expires_on = 'The expiry date must be on or after the issue date';
  }
  return errors;
}
