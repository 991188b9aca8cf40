import { Alert, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import { AuthLayout } from '@shared/components/AuthLayout.tsx';
import { CenteredLoader } from '@shared/components/CenteredLoader.tsx';
import { paths } from '@shared/config/paths.ts';
import { useAuth } from '../../../features/auth/hooks/auth-context.ts';
import { CompanyCodeCard } from '@shared/components/CompanyCodeCard.tsx';
import { OnboardingForm } from '../../../features/onboarding/components/OnboardingForm.tsx';
import { useCompanyProfile } from '../../../features/onboarding/hooks/use-company-profile.ts';

export function OnboardPage() {
  useDocumentTitle('Complete Your Profile · CareCover');
  const navigate = useNavigate();
  const { session } = useAuth();
  const { profile, isLoading, error } = useCompanyProfile(session?.user.id);

  if (isLoading) return <CenteredLoader label="Loading your profile" />;
  return (
    <AuthLayout
      title="Complete Your Profile"
      subtitle="Tell us about your agency so we can set up shift coverage for your team."
      width={760}
    >
      {error || !profile ? (
        <Alert color="red" role="alert" title={error ? 'Failed to load user data' : 'No user data found'}>
          Please reload the page or log in again.
        </Alert>
      ) : (
        <Stack gap="xl">
          <CompanyCodeCard
            code={profile.company_code}
            testId="company-code"
            description="Your staff enter this code in the CareCover mobile app to join your agency."
          />
          <OnboardingForm profile={profile} onSaved={() => navigate(paths.dashboardShiftCall, { replace: true })} />
        </Stack>
      )}
    </AuthLayout>
  );
}
