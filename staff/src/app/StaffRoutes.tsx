import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, routePath, useLocation } from '@shared/lib/router.tsx';
import { useStaffSession } from '../features/account/hooks/staff-session.ts';
import { staffPaths } from '../config/paths.ts';
import { GUEST_SCREENS, OPEN_SCREENS, SIGNED_IN_SCREENS, StaffShell } from './screens.ts';
import type { LazyPage } from '@shared/lib/lazy-page.ts';
import { useT } from '../i18n/use-t.ts';

function Loading() {
  const t = useT();
  return (
    <Center mih="100dvh" role="status" aria-label={t('staff.shell.loading')}>
      <Loader aria-hidden="true" />
    </Center>
  );
}

function RequireStaff({ screen: Screen }: { screen: LazyPage }) {
  const session = useStaffSession();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-out') return <Navigate to={staffPaths.login} />;
  // Keyed by worker: a different account signing in on the same phone starts from nothing.
  return (
    <StaffShell key={session.userId}>
      <Screen />
    </StaffShell>
  );
}

function GuestOnly({ screen: Screen }: { screen: LazyPage }) {
  const session = useStaffSession();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-in') return <Navigate to={staffPaths.home} />;
  return <Screen />;
}

function CurrentScreen() {
  const pathname = routePath(useLocation().pathname);
  const Open = OPEN_SCREENS[pathname];
  if (Open) return <Open />;
  const guest = GUEST_SCREENS[pathname];
  if (guest) return <GuestOnly screen={guest} />;
  const staff = SIGNED_IN_SCREENS[pathname];
  if (staff) return <RequireStaff screen={staff} />;
  return <Navigate to={staffPaths.home} />;
}

export function StaffRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <CurrentScreen />
    </Suspense>
  );
}
