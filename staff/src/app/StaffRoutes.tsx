import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { useStaffSession } from '../features/account/hooks/staff-session.ts';
import { staffPaths } from '../config/paths.ts';

// Each screen is its own chunk: the first load carries the frame and the screen it opens on, and
// a worker who only ever signs in never downloads the sign-up form.
const StaffShell = lazy(() => import('./StaffShell.tsx').then((m) => ({ default: m.StaffShell })));
const AgenciesPage = lazy(() => import('./routes/AgenciesPage.tsx').then((m) => ({ default: m.AgenciesPage })));
const ForgotPasswordPage = lazy(() =>
  import('./routes/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const HomePage = lazy(() => import('./routes/HomePage.tsx').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import('./routes/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const MyShiftsPage = lazy(() => import('./routes/MyShiftsPage.tsx').then((m) => ({ default: m.MyShiftsPage })));
const NotificationsPage = lazy(() =>
  import('./routes/NotificationsPage.tsx').then((m) => ({ default: m.NotificationsPage })),
);
const ProfilePage = lazy(() => import('./routes/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })));
const ResetPasswordPage = lazy(() =>
  import('./routes/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const SignupPage = lazy(() => import('./routes/SignupPage.tsx').then((m) => ({ default: m.SignupPage })));

function Loading() {
  return (
    <Center mih="100dvh" role="status" aria-label="Loading">
      <Loader aria-hidden="true" />
    </Center>
  );
}

function RequireStaff() {
  const session = useStaffSession();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-out') return <Navigate to={staffPaths.login} replace />;
  // Keyed by worker: a different account signing in on the same phone starts from nothing.
  return <StaffShell key={session.userId} />;
}

function GuestOnly() {
  const session = useStaffSession();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-in') return <Navigate to={staffPaths.home} replace />;
  return <Outlet />;
}

export function StaffRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route element={<GuestOnly />}>
          <Route path={staffPaths.login} element={<LoginPage />} />
          <Route path={staffPaths.signup} element={<SignupPage />} />
          <Route path={staffPaths.forgotPassword} element={<ForgotPasswordPage />} />
        </Route>
        <Route path={staffPaths.resetPassword} element={<ResetPasswordPage />} />
        <Route element={<RequireStaff />}>
          <Route path={staffPaths.home} element={<HomePage />} />
          <Route path={staffPaths.myShifts} element={<MyShiftsPage />} />
          <Route path={staffPaths.notifications} element={<NotificationsPage />} />
          <Route path={staffPaths.agencies} element={<AgenciesPage />} />
          <Route path={staffPaths.profile} element={<ProfilePage />} />
        </Route>
        <Route path="*" element={<Navigate to={staffPaths.home} replace />} />
      </Routes>
    </Suspense>
  );
}
