/**
 * The dashboard's sections that load on first visit, so Shift Call (the index) does not carry the
 * tables. Apart from sections.tsx so a page load opening on one of them can fetch its chunk beside
 * the dashboard's (src/app/pages.ts).
 */
import { dashboardPaths } from '@shared/config/dashboard-paths.ts';
import { lazyPage, type LazyPage } from '@shared/lib/lazy-page.ts';

export const ShiftDetailsPage = lazyPage(() => import('./ShiftDetailsPage.tsx').then((m) => m.ShiftDetailsPage));
export const StaffListPage = lazyPage(() => import('./StaffListPage.tsx').then((m) => m.StaffListPage));
export const StaffShiftsPage = lazyPage(() => import('./StaffShiftsPage.tsx').then((m) => m.StaffShiftsPage));

const byPath: Record<string, LazyPage> = {
  [dashboardPaths.shiftInfo]: ShiftDetailsPage,
  [dashboardPaths.staff]: StaffListPage,
  [dashboardPaths.view]: StaffShiftsPage,
};

/** Fetches the chunk of the section at `pathname`, if it has one of its own. */
export function preloadSection(pathname: string): Promise<unknown> {
  return byPath[pathname.replace(/\/+$/, '')]?.preload() ?? Promise.resolve();
}

/**
 * Fetches every section's chunk once the browser is idle, so a person's first visit to one shows
 * it at once rather than a loader (which React keeps for 300 ms at least).
 */
export function preloadSectionsWhenIdle(): () => void {
  const preloadAll = () => Object.values(byPath).forEach((page) => void page.preload().catch(() => undefined));
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(preloadAll, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(preloadAll, 1_000);
  return () => window.clearTimeout(timer);
}
