import '@mantine/dates/styles.css';
import { useEffect } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CenteredLoader } from '@shared/components/CenteredLoader.tsx';
import { dashboardChild, dashboardPaths } from '@shared/config/dashboard-paths.ts';
import { paths } from '@shared/config/paths.ts';
import { useAuth } from '../../../features/auth/hooks/auth-context.ts';
import { useCompany } from '../../../features/company/hooks/use-company.ts';
import { isProfileComplete } from '../../../features/onboarding/profile-completeness.ts';
import { useT } from '../../../i18n/use-t.ts';
import { DashboardLayout } from './DashboardLayout.tsx';
import { preloadSectionsWhenIdle, sections } from './sections.tsx';

/**
 * /dashboard/*: loads the company's row (live), sends companies that have not finished onboarding
 * to /onboard, and renders the shell around the registered sections. The index and unknown
 * children go to Shift Call.
 */
export function DashboardPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.documentTitle'));
  const { session } = useAuth();
  const { company, isLoading, error } = useCompany(session?.user.id);
  useEffect(preloadSectionsWhenIdle, []);

  if (isLoading) return <CenteredLoader label={t('dashboard.loading')} />;
  if (company && !isProfileComplete(company)) return <Navigate to={paths.onboard} replace />;

  const loadError = error ? t('account.loadFailed') : company ? null : t('account.noData');
  return (
    <Routes>
      <Route element={<DashboardLayout company={company} loadError={loadError} />}>
        <Route index element={<Navigate to={dashboardPaths.shiftCall} replace />} />
        {sections.map((section) => (
          <Route key={section.path} path={dashboardChild(section.path)} element={section.element} />
        ))}
        <Route path="*" element={<Navigate to={dashboardPaths.shiftCall} replace />} />
      </Route>
    </Routes>
  );
}
