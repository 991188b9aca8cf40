/**
 * The dashboard's sections: each is a child route and, with a label, a sidebar link. Only built
 * sections are listed; Shift Details, Staff List and the staff view join when their issues land.
 */
import { Suspense, type ReactElement } from 'react';
import { Center, Loader } from '@mantine/core';
import { IconListDetails, IconSpeakerphone, IconUsers, type Icon } from '@tabler/icons-react';
import { dashboardPaths } from '@shared/config/dashboard-paths.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
import { ShiftCallPage } from './ShiftCallPage.tsx';
import { ShiftDetailsPage, StaffListPage, StaffShiftsPage } from './section-pages.ts';

function SectionLoader() {
  const t = useT();
  return (
    <Center py="xl" role="status" aria-label={t('nav.sectionLoading')}>
      <Loader aria-hidden="true" />
    </Center>
  );
}
const lazySection = (page: ReactElement) => <Suspense fallback={<SectionLoader />}>{page}</Suspense>;

export interface DashboardSection {
  path: string;
  element: ReactElement;
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
    element: lazySection(<ShiftDetailsPage />),
    nav: { label: 'nav.shiftDetails', icon: IconListDetails },
  },
  {
    path: dashboardPaths.staff,
    element: lazySection(<StaffListPage />),
    nav: { label: 'nav.staffList', icon: IconUsers },
  },
  { path: dashboardPaths.view, element: lazySection(<StaffShiftsPage />), under: dashboardPaths.staff },
];
