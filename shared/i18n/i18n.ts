/**
 * The message runtime both apps use: Lingui's core (docs/i18n.md says why), one instance per app
 * page. Each app hands over how it loads a language's catalogue (its own keys and the shared
 * ones, compiled at build time by scripts/vite-lingui-catalogues.ts); a language is downloaded
 * the first time it is activated and kept, so switching downloads only the other catalogue.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale } from './locale.ts';

export type CatalogueLoader = (locale: Locale) => Promise<Messages>;

export const i18n = setupI18n();

/** Fetches compiled catalogue files (see scripts/vite-lingui-catalogues.ts) and merges them. */
export async function fetchCatalogues(urls: readonly string[]): Promise<Messages> {
  const parts = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`Catalogue ${url}: HTTP ${response.status}`);
      return (await response.json()) as Messages;
    }),
  );
  return Object.assign({}, ...parts) as Messages;
}

let loadCatalogue: CatalogueLoader | null = null;
const loading = new Map<Locale, Promise<void>>();

/** Called once by each app's entry, before the first activation. */
export function setCatalogueLoader(loader: CatalogueLoader): void {
  loadCatalogue = loader;
}

function loadLocale(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    if (!loadCatalogue) throw new Error('No catalogue loader: call setCatalogueLoader() in the app entry first');
    pending = loadCatalogue(locale).then((messages) => i18n.load(locale, messages));
    // A failed download (offline, a deploy replaced the chunk) may be tried again later.
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * Downloads `locale`'s catalogue if needed, then switches every rendered message to it and sets
 * `<html lang>`, so screen readers and the browser's hyphenation follow.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * The first activation of a page load: the chosen language, or English if its catalogue cannot be
 * downloaded (the page must still come up).
 */
export async function activateInitialLocale(locale: Locale): Promise<void> {
  try {
    await activateLocale(locale);
  } catch (error) {
    if (locale === DEFAULT_LOCALE) throw error;
    await activateLocale(DEFAULT_LOCALE);
  }
}
