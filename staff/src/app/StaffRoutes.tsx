import { Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Redirect, useLocation } from '../lib/router.tsx';
import { useStaffSession } from '../features/account/hooks/staff-session.ts';
import { staffPaths } from '../config/paths.ts';
import {
  AcceptInvitePage,
  AgenciesPage,
  CredentialsPage,
  ForgotPasswordPage,
  HomePage,
  LoginPage,
  MyShiftsPage,
  NotificationsPage,
  ProfilePage,
  ResetPasswordPage,
  SignupPage,
  StaffShell,
  TimeOffPage,
} from './screens.ts';

function Loading() {
  return (
    <Center mih="100dvh" role="status" aria-label="Loading">
      <Loader aria-hidden="true" />
    </Center>
  );
}

/** The signed-in screens, inside the shell (header, offline banner, tab bar). */
const STAFF_SCREENS: Record<string, () => ReactNode> = {
  [staffPaths.home]: () => <HomePage />,
  [staffPaths.myShifts]: () => <MyShiftsPage />,
  [staffPaths.notifications]: () => <NotificationsPage />,
  [staffPaths.agencies]: () => <AgenciesPage />,
  [staffPaths.profile]: () => <ProfilePage />,
  [staffPaths.timeOff]: () => <TimeOffPage />,
  [staffPaths.credentials]: () => <CredentialsPage />,
};

/** The screens for a worker who is not signed in. */
const GUEST_SCREENS: Record<string, () => ReactNode> = {
  [staffPaths.login]: () => <LoginPage />,
  [staffPaths.signup]: () => <SignupPage />,
  [staffPaths.forgotPassword]: () => <ForgotPasswordPage />,
};

function RequireStaff({ screen }: { screen: () => ReactNode }) {
  const session = useStaffSession();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-out') return <Redirect to={staffPaths.login} />;
  // Keyed by worker: a different account signing in on the same phone starts from nothing.
  return <StaffShell key={session.userId}>{screen()}</StaffShell>;
}

function GuestOnly({ screen }: { screen: () => ReactNode }) {
  const session = useStaffSession();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-in') return <Redirect to={staffPaths.home} />;
  return screen();
}

function Screen() {
  const { pathname } = useLocation();
  // The reset page works signed in or out: the emailed link signs the worker in as it lands.
  if (pathname === staffPaths.resetPassword) return <ResetPasswordPage />;
  // So is the invitation's page, whose link signs the invited worker in.
  if (pathname === staffPaths.acceptInvite) return <AcceptInvitePage />;
  const guest = GUEST_SCREENS[pathname];
  if (guest) return <GuestOnly screen={guest} />;
  const staff = STAFF_SCREENS[pathname];
  if (staff) return <RequireStaff screen={staff} />;
  return <Redirect to={staffPaths.home} />;
}

export function StaffRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
}
