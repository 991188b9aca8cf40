import { useState } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from '@shared/lib/router.tsx';
import { AuthLayout } from '@shared/components/AuthLayout.tsx';
import { paths } from '@shared/config/paths.ts';
import { CheckInbox } from '../../../features/auth/components/CheckInbox.tsx';
import { SignupForm } from '../../../features/auth/components/SignupForm.tsx';
import { useT } from '../../../i18n/use-t.ts';

export function SignupPage() {
  const t = useT();
  useDocumentTitle(t('auth.signup.documentTitle'));
  const navigate = useNavigate();
  // With email confirmation on, onboarding waits for the link in the confirmation email.
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);
  if (awaitingConfirmation) {
    return (
      <AuthLayout title={t('auth.checkInbox')} subtitle={t('auth.checkInbox.subtitle')}>
        <CheckInbox email={awaitingConfirmation} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      <SignupForm
        onSignedUp={({ needsConfirmation, email }) =>
          needsConfirmation ? setAwaitingConfirmation(email) : navigate(paths.onboard, { replace: true })
        }
      />
    </AuthLayout>
  );
}
