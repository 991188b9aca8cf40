/**
 * The dashboard app's pages, each its own chunk: the landing page and log-in never load the
 * dashboard's code. A page load fetches its first page's chunk beside the language catalogue
 * (preloadFirstPage), so that page renders at once rather than after a spinner.
 */
import { paths } from '@shared/config/paths.ts';
import { hasAuthCallbackInUrl, hasStoredSession } from '@shared/lib/auth-storage.ts';
import { lazyPage, type LazyPage } from '@shared/lib/lazy-page.ts';
import { routePath } from '@shared/lib/router.tsx';
import { loadSupabase } from '@shared/lib/supabase.ts';

export const HomePage = lazyPage(() => import('./routes/public/HomePage.tsx').then((m) => m.HomePage));
export const PrivacyPage = lazyPage(() => import('./routes/public/PrivacyPage.tsx').then((m) => m.PrivacyPage));
export const NotFoundPage = lazyPage(() => import('./routes/public/NotFoundPage.tsx').then((m) => m.NotFoundPage));
export const SignupPage = lazyPage(() => import('./routes/auth/SignupPage.tsx').then((m) => m.SignupPage));
export const LoginPage = lazyPage(() => import('./routes/auth/LoginPage.tsx').then((m) => m.LoginPage));
export const ForgotPasswordPage = lazyPage(() =>
  import('./routes/auth/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage),
);
export const ResetPasswordPage = lazyPage(() =>
  import('./routes/auth/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
);
export const OnboardPage = lazyPage(() => import('./routes/onboarding/OnboardPage.tsx').then((m) => m.OnboardPage));
export const DashboardPage = lazyPage(() =>
  import('./routes/dashboard/DashboardPage.tsx').then((m) => m.DashboardPage),
);

const byPath: Record<string, LazyPage> = {
  [paths.home]: HomePage,
  [paths.privacy]: PrivacyPage,
  [paths.signup]: SignupPage,
  [paths.login]: LoginPage,
  [paths.forgotPassword]: ForgotPasswordPage,
  [paths.resetPassword]: ResetPasswordPage,
  [paths.onboard]: OnboardPage,
};

/** Whether a matched path (routePath) is the dashboard or one of its sections. */
export function isDashboardPath(path: string): boolean {
  return path === paths.dashboard || path.startsWith(`${paths.dashboard}/`);
}

/** The page at a matched path (routePath): what AppRoutes renders and a page load preloads. */
export function pageAt(path: string): LazyPage {
  return isDashboardPath(path) ? DashboardPage : (byPath[path] ?? NotFoundPage);
}

/**
 * The chunks the page at `pathname` renders first: a dashboard section with the dashboard, and
 * log-in too for a signed-in page opened without a stored session (where the guard sends it).
 */
export function preloadFirstPage(pathname: string): Promise<unknown> {
  // A stored session is restored by supabase-js, which the first render would only start fetching.
  // Not waited for: the guards show their loader while it comes; a failure is theirs to show.
  if (hasStoredSession() || hasAuthCallbackInUrl()) loadSupabase().catch(() => undefined);
  const path = routePath(pathname);
  const isDashboard = isDashboardPath(path);
  const pages = [pageAt(path)];
  if ((isDashboard || path === paths.onboard) && !hasStoredSession()) pages.push(LoginPage);
  return Promise.all([
    ...pages.map((page) => page.preload()),
    isDashboard ? import('./routes/dashboard/sections.tsx').then((m) => m.preloadSection(path)) : null,
  ]);
}
