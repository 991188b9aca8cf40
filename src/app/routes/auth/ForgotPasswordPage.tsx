import { useDocumentTitle } from '@mantine/hooks';
import { AuthLayout } from '@shared/components/AuthLayout.tsx';
import { ForgotPasswordForm } from '../../../features/auth/components/ForgotPasswordForm.tsx';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password · CareCover');
  return (
    <AuthLayout
      title="Forgot password?"
      subtitle="Enter the email you log in with. We will send you a link to set a new password."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
