import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import { AuthLayout } from '../../../components/AuthLayout.tsx';
import { paths } from '../../../config/paths.ts';
import { SignupForm } from '../../../features/auth/components/SignupForm.tsx';

export function SignupPage() {
  useDocumentTitle('Sign up · CareCover');
  const navigate = useNavigate();
  return (
    <AuthLayout title="Sign up" subtitle="Create your agency account. You'll set up your profile next.">
      <SignupForm onSignedUp={() => navigate(paths.onboard, { replace: true })} />
    </AuthLayout>
  );
}
