import { activateInitialLocale, setCatalogueLoader, type CatalogueLoader } from './i18n.ts';
import { initialLocale } from './locale.ts';

/**
 * Each app's start: its first language activated (and its first screen's code downloaded) before
 * the first render, so no screen ever shows a bare key or flashes from English to French. If even
 * English cannot be downloaded the app cannot speak at all, so the page says so in both languages.
 */
export function startWithLocale(
  loader: CatalogueLoader,
  root: HTMLElement,
  render: () => void,
  preloadFirstScreen: () => Promise<unknown> = () => Promise.resolve(),
): void {
  setCatalogueLoader(loader);
  // The first screen's code downloads beside the catalogue, not after the first render asks for it
  // (shared/lib/lazy-page.ts). If it fails, the screen's own boundary says so once it renders.
  const firstScreen = preloadFirstScreen().catch(() => undefined);
  activateInitialLocale(initialLocale())
    .then(() => firstScreen)
    .then(render, () => {
      root.textContent =
        'CareCover could not load. Check your connection and reload the page. · ' +
        'CareCover n’a pas pu se charger. Vérifiez votre connexion et rechargez la page.';
    });
}
