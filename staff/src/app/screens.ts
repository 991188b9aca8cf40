/**
 * CareCover Staff's screens, each its own chunk: the first load carries the frame and the screen it
 * opens on, and a worker who only ever signs in never downloads the sign-up form. A page load
 * fetches its first screen's chunks beside the language catalogue (preloadFirstScreen), so the
 * screen renders at once rather than after a spinner.
 */
import { hasAuthCallbackInUrl, hasStoredSession } from '@shared/lib/auth-storage.ts';
import { lazyPage, type LazyPage } from '@shared/lib/lazy-page.ts';
import { loadStaffSupabase } from '../lib/supabase.ts';
import { staffPaths } from '../config/paths.ts';

export const StaffShell = lazyPage(() => import('./StaffShell.tsx').then((m) => m.StaffShell));
const AcceptInvitePage = lazyPage(() => import('./routes/AcceptInvitePage.tsx').then((m) => m.AcceptInvitePage));
const AgenciesPage = lazyPage(() => import('./routes/AgenciesPage.tsx').then((m) => m.AgenciesPage));
const CredentialsPage = lazyPage(() => import('./routes/CredentialsPage.tsx').then((m) => m.CredentialsPage));
const ForgotPasswordPage = lazyPage(() => import('./routes/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage));
const HomePage = lazyPage(() => import('./routes/HomePage.tsx').then((m) => m.HomePage));
const LoginPage = lazyPage(() => import('./routes/LoginPage.tsx').then((m) => m.LoginPage));
const MyShiftsPage = lazyPage(() => import('./routes/MyShiftsPage.tsx').then((m) => m.MyShiftsPage));
const NotificationsPage = lazyPage(() => import('./routes/NotificationsPage.tsx').then((m) => m.NotificationsPage));
const ProfilePage = lazyPage(() => import('./routes/ProfilePage.tsx').then((m) => m.ProfilePage));
const ResetPasswordPage = lazyPage(() => import('./routes/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage));
// The time off screen brings the date pickers (@mantine/dates, dayjs): only when it is opened.
const TimeOffPage = lazyPage(() => import('./routes/TimeOffPage.tsx').then((m) => m.TimeOffPage));
const SignupPage = lazyPage(() => import('./routes/SignupPage.tsx').then((m) => m.SignupPage));

/** The signed-in screens, inside the shell (header, offline banner, tab bar). */
export const SIGNED_IN_SCREENS: Record<string, LazyPage> = {
  [staffPaths.home]: HomePage,
  [staffPaths.myShifts]: MyShiftsPage,
  [staffPaths.notifications]: NotificationsPage,
  [staffPaths.agencies]: AgenciesPage,
  [staffPaths.profile]: ProfilePage,
  [staffPaths.timeOff]: TimeOffPage,
  [staffPaths.credentials]: CredentialsPage,
};
/** The screens for a worker who is not signed in. */
export const GUEST_SCREENS: Record<string, LazyPage> = {
  [staffPaths.login]: LoginPage,
  [staffPaths.signup]: SignupPage,
  [staffPaths.forgotPassword]: ForgotPasswordPage,
};
/**
 * The screens that work signed in or out: the emailed reset and invitation links sign the worker
 * in as they land.
 */
export const OPEN_SCREENS: Record<string, LazyPage> = {
  [staffPaths.resetPassword]: ResetPasswordPage,
  [staffPaths.acceptInvite]: AcceptInvitePage,
};

/**
 * The chunks the screen at `pathname` renders first: a signed-in screen inside the frame, or
 * log-in where the app sends a worker with no stored session.
 */
export function preloadFirstScreen(pathname: string): Promise<unknown> {
  // A stored session is restored by supabase-js, which the first render would only start fetching.
  // Not waited for: the screens show their loader while it comes; a failure is theirs to show.
  if (hasStoredSession() || hasAuthCallbackInUrl()) loadStaffSupabase().catch(() => undefined);
  const either = OPEN_SCREENS[pathname] ?? GUEST_SCREENS[pathname];
  if (either) return either.preload();
  if (!hasStoredSession()) return LoginPage.preload();
  return Promise.all([StaffShell.preload(), (SIGNED_IN_SCREENS[pathname] ?? HomePage).preload()]);
}
