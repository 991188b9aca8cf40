import type { AllMessages } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import sharedEnglish from '@shared/i18n/catalogues/en.json';
import sharedFrench from '@shared/i18n/catalogues/fr-CA.json';
import { careRoleNameKey } from '@shared/i18n/care-role-names.ts';
import { i18n } from '@shared/i18n/i18n.ts';
import type { SharedKey } from '@shared/i18n/keys.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';
import english from '../../i18n/en.json';
import french from '../../i18n/fr-CA.json';
import { reasonText } from './availability-reasons.ts';

i18n.load({ en: { ...sharedEnglish, ...english }, 'fr-CA': { ...sharedFrench, ...french } } as unknown as AllMessages);
i18n.activate('en');
const t = ((key, values) => i18n._(key, values)) as Translate<StaffKey>;
const roleName = (value: string) => {
  const key = careRoleNameKey(value);
  return key ? t(key as SharedKey) : value;
};
const notEligible = (reasonCodes: string[]) =>
  ({ kind: 'not-eligible', reasonCodes, staffType: 'Registered Nurse', skill: 'Dementia care' }) as const;

afterEach(() => {
  i18n.activate('en');
});

describe('why a worker cannot take a shift they were told about', () => {
  it('names the staff type or skill the shift asks for, not a vague "schedule"', () => {
    const shift = notEligible(['staff_type', 'skill']);
    expect(reasonText('staff_type', shift, t, roleName)).toBe(
      'This shift is for a Registered Nurse, which the agency has not recorded you as',
    );
    expect(reasonText('skill', shift, t, roleName)).toBe(
      'This shift needs dementia care, which the agency has not recorded for you',
    );
    expect(reasonText('credential', shift, t, roleName)).toBe(
      'This shift needs a credential the agency has not verified as valid for you',
    );
    expect(reasonText('over_hours', shift, t, roleName)).toBe(
      'This shift would take you over your hours for that week',
    );
    expect(reasonText('time_off', shift, t, roleName)).toBe('This shift is during your time off');
  });

  it('says it in French, the type and skill by their French names', () => {
    i18n.activate('fr-CA');
    const shift = notEligible(['staff_type', 'skill']);
    expect(reasonText('staff_type', shift, t, roleName)).toBe(
      'Ce quart est pour le titre Infirmier(ère), que l’agence ne vous a pas attribué',
    );
    expect(reasonText('skill', shift, t, roleName)).toBe(
      'Ce quart exige la compétence soins aux personnes atteintes de démence, que l’agence n’a pas inscrite à votre dossier',
    );
  });
});
