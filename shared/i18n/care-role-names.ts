import { useCallback } from 'react';
import { careRoleNameKey as keyOf } from './care-role-keys.ts';
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
