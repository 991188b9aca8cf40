import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_TYPE_OPTIONS,
  LANGUAGE_SUGGESTIONS,
  SKILL_OPTIONS,
  STAFF_TYPE_OPTIONS,
} from '../config/care-roles.ts';
import { CARE_ROLE_NAME_KEYS } from './care-role-keys.ts';
import { careRoleNameKey, careRoleValue } from './care-role-names.ts';
import type { SharedKey } from './keys.ts';

/** Raw messages: read as text, since the unit project compiles catalogue imports. */
const raw = (file: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`./catalogues/${file}`, import.meta.url), 'utf8')) as Record<string, string>;
const english = raw('en.json');
const french = raw('fr-CA.json');

describe('care role names', () => {
  it('names every staff type and skill the forms offer, the English name being the stored value', () => {
    for (const value of [
      ...STAFF_TYPE_OPTIONS,
      ...SKILL_OPTIONS,
      ...CREDENTIAL_TYPE_OPTIONS,
      ...LANGUAGE_SUGGESTIONS,
    ]) {
      const key = careRoleNameKey(value);
      expect(key, value).toBeDefined();
      expect(english[key as string]).toBe(value);
      expect(french[key as string], value).toBeTruthy();
    }
  });

  it('names the abbreviations agencies type for the commonest roles (PSW is PAB in French)', () => {
    expect(french[careRoleNameKey('PSW') as string]).toBe('PAB');
    expect(english[careRoleNameKey('PSW') as string]).toBe('PSW');
  });

  it('points only at entries both catalogues hold', () => {
    for (const key of Object.values(CARE_ROLE_NAME_KEYS)) {
      expect(english[key], key).toBeTruthy();
      expect(french[key], key).toBeTruthy();
    }
  });

  it('leaves a value an agency typed itself as it is', () => {
    expect(careRoleNameKey('Night float')).toBeUndefined();
  });

  it('stores what was typed by its name in either language as the one English value', () => {
    const inFrench = (key: SharedKey) => french[key] ?? key;
    const inEnglish = (key: SharedKey) => english[key] ?? key;
    expect(careRoleValue(' rcr/premiers soins ', inFrench)).toBe('CPR/First aid');
    expect(careRoleValue('Français', inFrench)).toBe('French');
    expect(careRoleValue('CPR/First aid', inEnglish)).toBe('CPR/First aid');
    expect(careRoleValue(' Sign language ', inFrench)).toBe('Sign language');
  });
});
