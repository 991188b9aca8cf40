import { useDocumentTitle } from '@mantine/hooks';
import { AuthLayout } from '@shared/components/AuthLayout.tsx';
import { ForgotPasswordForm } from '../../../features/auth/components/ForgotPasswordForm.tsx';
import { useT } from '../../../i18n/use-t.ts';

export function ForgotPasswordPage() {
  const t = useT();
  useDocumentTitle(t('auth.forgot.documentTitle'));
  return (
    <AuthLayout title={t('auth.forgotPassword')} subtitle={t('auth.forgot.subtitle')}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
