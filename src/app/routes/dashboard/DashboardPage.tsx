import '@mantine/dates/styles.css';
import { Fragment, useEffect } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { CenteredLoader } from '@shared/components/CenteredLoader.tsx';
import { dashboardPaths } from '@shared/config/dashboard-paths.ts';
import { paths } from '@shared/config/paths.ts';
import { Navigate, routePath, useLocation } from '@shared/lib/router.tsx';
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
  const path = routePath(useLocation().pathname);
  useEffect(preloadSectionsWhenIdle, []);

  if (isLoading) return <CenteredLoader label={t('dashboard.loading')} />;
  if (company && !isProfileComplete(company)) return <Navigate to={paths.onboard} />;

  const loadError = error ? t('account.loadFailed') : company ? null : t('account.noData');
  const section = sections.find((candidate) => candidate.path === path);
  return (
    <DashboardLayout company={company} loadError={loadError}>
      {section ? <Fragment key={section.path}>{section.element}</Fragment> : <Navigate to={dashboardPaths.shiftCall} />}
    </DashboardLayout>
  );
}
