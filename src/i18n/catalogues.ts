import { fetchCatalogues, type CatalogueLoader } from '@shared/i18n/i18n.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import sharedEnglishUrl from '@shared/i18n/catalogues/en.json?catalogue';
import sharedFrenchUrl from '@shared/i18n/catalogues/fr-CA.json?catalogue';
import englishUrl from './en.json?catalogue';
import frenchUrl from './fr-CA.json?catalogue';
import type { SharedKey } from '@shared/i18n/keys.ts';
import type dashboardEnglish from './en.json';

/** The dashboard's keys: its own catalogue's and the shared layer's. */
export type DashboardKey = keyof typeof dashboardEnglish | SharedKey;

const CATALOGUES: Record<Locale, readonly string[]> = {
  en: [sharedEnglishUrl, englishUrl],
  'fr-CA': [sharedFrenchUrl, frenchUrl],
};

/**
 * Each language's messages (the shared layer's and this app's), fetched as compiled JSON the first
 * time that language is activated: an English visitor never downloads French, and switching
 * downloads only the other language.
 */
export const loadDashboardCatalogue: CatalogueLoader = (locale) => fetchCatalogues(CATALOGUES[locale]);
