import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import {
  credentialState,
  EMPTY_QUALIFICATIONS,
  isRecorded,
  validateCredential,
  validateQualifications,
  type Credential,
} from './qualifications.ts';
import { t } from '../../i18n/testing.ts';

const credential = (overrides: Partial<Credential>): Credential => ({
  id: 'c',
  credential_type: 'CPR/First aid',
  registration_number: null,
  issued_on: null,
  expires_on: '2027-01-31',
  verified_at: '2026-11-01T00:00:00Z',
  verified_by: 'Maple Leaf',
  ...overrides,
});

const badCredential = {
  credential_type: ' ',
  registration_number: '',
  issued_on: '2026-02-01',
  expires_on: '2026-01-31',
  verified: true,
};

afterEach(() => {
  i18n.activate('en');
});

describe('credentialState', () => {
  it('is not verified, expired, expiring within 30 days, or valid', () => {
    expect(credentialState(credential({ verified_at: null }), '2026-11-26')).toBe('unverified');
    expect(credentialState(credential({ expires_on: '2026-11-25' }), '2026-11-26')).toBe('expired');
    expect(credentialState(credential({ expires_on: '2026-11-26' }), '2026-11-26')).toBe('expiring');
    expect(credentialState(credential({ expires_on: '2026-12-26' }), '2026-11-26')).toBe('expiring');
    expect(credentialState(credential({ expires_on: '2026-12-27' }), '2026-11-26')).toBe('valid');
    expect(credentialState(credential({ expires_on: null }), '2026-11-26')).toBe('valid');
  });
});

describe('validation', () => {
  it('takes weekly hours from 1 to 168, or none', () => {
    expect(validateQualifications({ ...EMPTY_QUALIFICATIONS, max_weekly_hours: 0 }, t)).toEqual({
      max_weekly_hours: 'Enter hours from 1 to 168, or leave it empty',
    });
    expect(
      validateQualifications({ ...EMPTY_QUALIFICATIONS, max_weekly_hours: 169 }, t).max_weekly_hours,
    ).toBeDefined();
    expect(validateQualifications({ ...EMPTY_QUALIFICATIONS, max_weekly_hours: 44 }, t)).toEqual({});
    expect(validateQualifications(EMPTY_QUALIFICATIONS, t)).toEqual({});
  });

  it('needs a credential type and an expiry on or after the issue date', () => {
    expect(validateCredential(badCredential, t)).toEqual({
      credential_type: 'Credential type is required',
      expires_on: 'The expiry date must be on or after the issue date',
    });
    expect(validateCredential({ ...badCredential, credential_type: 'TB test', expires_on: '2026-02-01' }, t)).toEqual(
      {},
    );
  });

  it('keeps the type and the number within the database’s lengths', () => {
    expect(
      validateCredential(
        { ...badCredential, credential_type: 'x'.repeat(81), registration_number: '1'.repeat(61), expires_on: null },
        t,
      ),
    ).toEqual({ credential_type: 'Use at most 80 characters', registration_number: 'Use at most 60 characters' });
  });

  it('says each rule in French', () => {
    i18n.activate('fr-CA');
    expect(validateQualifications({ ...EMPTY_QUALIFICATIONS, max_weekly_hours: 0 }, t)).toEqual({
      max_weekly_hours: 'Entrez de 1 à 168 heures, ou laissez le champ vide',
    });
    expect(validateCredential(badCredential, t)).toEqual({
      credential_type: 'Le type de titre est obligatoire',
      expires_on: 'La date d’expiration doit être égale ou postérieure à la date de délivrance',
    });
    expect(
      validateCredential({ ...badCredential, credential_type: 'TB test', registration_number: '1'.repeat(61) }, t),
    ).toMatchObject({ registration_number: 'Utilisez au plus 60 caractères' });
  });

  it('counts a worker as recorded once any qualification is', () => {
    expect(isRecorded(EMPTY_QUALIFICATIONS)).toBe(false);
    expect(isRecorded({ ...EMPTY_QUALIFICATIONS, languages: ['French'] })).toBe(true);
    expect(isRecorded({ ...EMPTY_QUALIFICATIONS, max_weekly_hours: 20 })).toBe(true);
  });
});
