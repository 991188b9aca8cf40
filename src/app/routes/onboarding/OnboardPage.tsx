import { Alert, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from '@shared/lib/router.tsx';
import { AuthLayout } from '@shared/components/AuthLayout.tsx';
import { CenteredLoader } from '@shared/components/CenteredLoader.tsx';
import { paths } from '@shared/config/paths.ts';
import { useAuth } from '../../../features/auth/hooks/auth-context.ts';
import { CompanyCodeCard } from '@shared/components/CompanyCodeCard.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { OnboardingForm } from '../../../features/onboarding/components/OnboardingForm.tsx';
import { useCompanyProfile } from '../../../features/onboarding/hooks/use-company-profile.ts';

export function OnboardPage() {
  const t = useT();
  useDocumentTitle(t('onboarding.documentTitle'));
  const navigate = useNavigate();
  const { session } = useAuth();
  const { profile, isLoading, error } = useCompanyProfile(session?.user.id);

  if (isLoading) return <CenteredLoader label={t('onboarding.loading')} />;
  return (
    <AuthLayout title={t('onboarding.title')} subtitle={t('onboarding.subtitle')} width={760}>
      {error || !profile ? (
        <Alert color="red" role="alert" title={error ? t('account.loadFailed') : t('account.noData')}>
          {t('onboarding.reload')}
        </Alert>
      ) : (
        <Stack gap="xl">
          <CompanyCodeCard
            code={profile.company_code}
            testId="company-code"
            description={t('onboarding.codeDescription')}
          />
          <OnboardingForm profile={profile} onSaved={() => navigate(paths.dashboardShiftCall, { replace: true })} />
        </Stack>
      )}
    </AuthLayout>
  );
}
