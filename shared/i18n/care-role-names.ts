import { useCallback } from 'react';
import { CARE_ROLE_NAME_KEYS, careRoleNameKey as keyOf } from './care-role-keys.ts';
import { useSharedT, type SharedKey } from './keys.ts';

/**
 * The names of the staff types and skills of shared/config/care-roles.ts in the person's language.
 * The database stores the English value (dispatch matches on it), so a screen shows the name and
 * keeps the value; a value an agency typed itself has no name here and shows as typed.
 */
/** The catalogue key naming a staff type or skill of care-roles.ts; undefined for a value typed by an agency. */
export function careRoleNameKey(value: string): SharedKey | undefined {
  // care-role-names.test.ts checks every key is in the catalogue.
  return keyOf(value) as SharedKey | undefined;
}

/** A staff type's or skill's name in the active language. */
export function useCareRoleName(): (value: string) => string {
  const t = useSharedT();
  // Stable while the language is: tables build their columns from it.
  return useCallback(
    (value: string) => {
      const key = careRoleNameKey(value);
      return key ? t(key) : value;
    },
    [t],
  );
}

/**
 * The stored value of what a person typed or picked by its name in their language ("RCR/Premiers
 * soins" is 'CPR/First aid'), so the database keeps one value whatever the language it was entered
 * in; text that names nothing known is kept as typed (trimmed).
 */
export function careRoleValue(typed: string, t: (key: SharedKey) => string): string {
  const text = typed.trim();
  const wanted = text.toLocaleLowerCase();
  for (const [value, key] of Object.entries(CARE_ROLE_NAME_KEYS)) {
    if (t(key as SharedKey).toLocaleLowerCase() === wanted) return value;
  }
  return text;
}

/** careRoleValue in the active language. */
export function useCareRoleValue(): (typed: string) => string {
  const t = useSharedT();
  return useCallback((typed: string) => careRoleValue(typed, t), [t]);
}
