import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { useStaffSession } from '../features/account/hooks/staff-session.ts';
import { staffPaths } from '../config/paths.ts';
import { StaffShell } from './StaffShell.tsx';
import { AgenciesPage } from './routes/AgenciesPage.tsx';
import { ForgotPasswordPage } from './routes/ForgotPasswordPage.tsx';
import { HomePage } from './routes/HomePage.tsx';
import { LoginPage } from './routes/LoginPage.tsx';
import { MyShiftsPage } from './routes/MyShiftsPage.tsx';
import { NotificationsPage } from './routes/NotificationsPage.tsx';
import { ProfilePage } from './routes/ProfilePage.tsx';
import { ResetPasswordPage } from './routes/ResetPasswordPage.tsx';
import { SignupPage } from './routes/SignupPage.tsx';

function Loading() {
  return (
    <Center mih="100dvh">
      <Loader aria-label="Loading" />
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
  );
}
