import { useState } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import { AuthLayout } from '@shared/components/AuthLayout.tsx';
import { paths } from '@shared/config/paths.ts';
import { CheckInbox } from '../../../features/auth/components/CheckInbox.tsx';
import { SignupForm } from '../../../features/auth/components/SignupForm.tsx';

export function SignupPage() {
  useDocumentTitle('Sign up · CareCover');
  const navigate = useNavigate();
  // With email confirmation on, onboarding waits for the link in the confirmation email.
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);
  if (awaitingConfirmation) {
    return (
      <AuthLayout title="Check your inbox" subtitle="One more step before you set up your agency.">
        <CheckInbox email={awaitingConfirmation} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Sign up" subtitle="Create your agency account. You'll set up your profile next.">
      <SignupForm
        onSignedUp={({ needsConfirmation, email }) =>
          needsConfirmation ? setAwaitingConfirmation(email) : navigate(paths.onboard, { replace: true })
        }
      />
    </AuthLayout>
  );
}
