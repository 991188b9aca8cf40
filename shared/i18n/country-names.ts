import { useSharedT, type SharedKey } from './keys.ts';

/** The countries the product works in (SPEC §1), as stored, and their catalogue names. */
const NAME_KEYS: Record<string, SharedKey> = {
  Canada: 'country.canada',
  'United States': 'country.unitedStates',
};

/** A stored country's name in the active language (the database keeps the English value). */
export function useCountryName(): (value: string) => string {
  const t = useSharedT();
  return (value) => {
    const key = NAME_KEYS[value];
    return key ? t(key) : value;
  };
}
