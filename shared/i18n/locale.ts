/**
 * The two languages CareCover speaks, as BCP 47 tags (what Intl, <html lang> and the database's
 * `locale` columns take), and how a visitor's language is chosen before they sign in: their own
 * earlier choice on this browser, else the browser's languages (any French → Canadian French).
 * After sign-in the person's stored preference (companies.locale, staff.locale) wins.
 */
export const LOCALES = ['en', 'fr-CA'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The name of each language in itself, for the switch (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'fr-CA': 'Français' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of the browser's languages CareCover speaks: any fr* is fr-CA, any en* English. */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const language of languages) {
    const tag = language.toLowerCase();
    if (tag === 'fr' || tag.startsWith('fr-')) return 'fr-CA';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return DEFAULT_LOCALE;
}

/** Where a visitor's own choice (the English/Français switch) is kept on this browser. */
export const LOCALE_STORAGE_KEY = 'carecover-locale';

export function readStoredLocale(): Locale | null {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode or a full quota: the choice lasts this page's life, which is still useful.
  }
}

/** The language to start in before anyone has signed in. */
export function initialLocale(): Locale {
  const languages = globalThis.navigator?.languages?.length
    ? globalThis.navigator.languages
    : [globalThis.navigator?.language ?? DEFAULT_LOCALE];
  return readStoredLocale() ?? localeFromLanguages(languages);
}
