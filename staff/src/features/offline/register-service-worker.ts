/**
 * The service worker keeps the app's shell (page, script, styles, icons) so CareCover Staff opens
 * without a network and shows the last-loaded shifts; it also shows Web Push notifications. Only
 * production builds register it: under the dev server it would cache modules Vite hot-reloads.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the app still works online; only the offline shell and pushes are missing.
    });
  });
}
