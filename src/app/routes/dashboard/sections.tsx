/**
 * The dashboard's sections: each is a child route and, with a label, a sidebar link. Only built
 * sections are listed; Shift Details, Staff List and the staff view join when their issues land.
 */
import { createElement, Suspense, type ReactElement } from 'react';
import { Center, Loader } from '@mantine/core';
import { IconListDetails, IconSpeakerphone, IconUsers, type Icon } from '@tabler/icons-react';
import { dashboardPaths } from '@shared/config/dashboard-paths.ts';
import { routePath } from '@shared/lib/router.tsx';
import { lazyPage, type LazyPage } from '@shared/lib/lazy-page.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
import { ShiftCallPage } from './ShiftCallPage.tsx';

// The tables load on first visit, so Shift Call (the index) does not carry them.
const ShiftDetailsPage = lazyPage(() => import('./ShiftDetailsPage.tsx').then((m) => m.ShiftDetailsPage));
const StaffListPage = lazyPage(() => import('./StaffListPage.tsx').then((m) => m.StaffListPage));
const StaffShiftsPage = lazyPage(() => import('./StaffShiftsPage.tsx').then((m) => m.StaffShiftsPage));

function SectionLoader() {
  const t = useT();
  return (
    <Center py="xl" role="status" aria-label={t('nav.sectionLoading')}>
      <Loader aria-hidden="true" />
    </Center>
  );
}
/** A section in its own chunk: its page, and the element that waits for it under a loader. */
const lazySection = (page: LazyPage) => ({
  page,
  element: <Suspense fallback={<SectionLoader />}>{createElement(page)}</Suspense>,
});

export interface DashboardSection {
  path: string;
  element: ReactElement;
  /** The section's own chunk, when it has one (sections.tsx preloads it). */
  page?: LazyPage;
  /**
   * A sidebar link (its catalogue key) when set; sections such as the staff view are reached from
   * another page.
   */
  nav?: { label: DashboardKey; icon: Icon };
  /** The section whose sidebar link is current here (the staff view belongs to Staff List). */
  under?: string;
}

export const sections: DashboardSection[] = [
  {
    path: dashboardPaths.shiftCall,
    element: <ShiftCallPage />,
    nav: { label: 'nav.shiftCall', icon: IconSpeakerphone },
  },
  {
    path: dashboardPaths.shiftInfo,
    ...lazySection(ShiftDetailsPage),
    nav: { label: 'nav.shiftDetails', icon: IconListDetails },
  },
  {
    path: dashboardPaths.staff,
    ...lazySection(StaffListPage),
    nav: { label: 'nav.staffList', icon: IconUsers },
  },
  { path: dashboardPaths.view, ...lazySection(StaffShiftsPage), under: dashboardPaths.staff },
];

/**
 * Fetches the chunk of the section at `pathname`, if it has one of its own: a page load opening on
 * it fetches it beside the dashboard's (src/app/pages.ts).
 */
export function preloadSection(pathname: string): Promise<unknown> {
  const path = routePath(pathname);
  return sections.find((section) => section.path === path)?.page?.preload() ?? Promise.resolve();
}

/**
 * Fetches every section's chunk once the browser is idle, so a person's first visit to one shows
 * it at once rather than a loader (which React keeps for 300 ms at least).
 */
export function preloadSectionsWhenIdle(): () => void {
  const preloadAll = () => sections.forEach((section) => void section.page?.preload().catch(() => undefined));
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(preloadAll, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(preloadAll, 1_000);
  return () => window.clearTimeout(timer);
}
