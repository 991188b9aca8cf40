import { useLingui } from '@lingui/react';

/** Values an ICU message interpolates: {name}, {count, plural, …}. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

export type Translate<Key extends string> = (key: Key, values?: MessageValues) => string;

/**
 * The translate function of the active language, for an app's own key type (each app types its
 * catalogue's keys, so a misspelt key fails the typecheck). Components re-render on a switch.
 */
export function useTranslate<Key extends string>(): Translate<Key> {
  const { _ } = useLingui();
  return _ as Translate<Key>;
}
