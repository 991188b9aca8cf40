import { fetchCatalogues, type CatalogueLoader } from '@shared/i18n/i18n.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import sharedEnglishUrl from '@shared/i18n/catalogues/en.json?catalogue';
import sharedFrenchUrl from '@shared/i18n/catalogues/fr-CA.json?catalogue';
import englishUrl from './en.json?catalogue';
import frenchUrl from './fr-CA.json?catalogue';
import type { SharedKey } from '@shared/i18n/keys.ts';
import type staffEnglish from './en.json';

/** The staff app's keys: its own catalogue's and the shared layer's. */
export type StaffKey = keyof typeof staffEnglish | SharedKey;

const CATALOGUES: Record<Locale, readonly string[]> = {
  en: [sharedEnglishUrl, englishUrl],
  'fr-CA': [sharedFrenchUrl, frenchUrl],
};

/** Each language's messages, fetched the first time that language is activated (see the dashboard's). */
export const loadStaffCatalogue: CatalogueLoader = (locale) => fetchCatalogues(CATALOGUES[locale]);
