import { useState } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { validateEmail } from '@shared/lib/validation.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useStaffAuthErrorText } from '../../../lib/use-staff-auth-error-text.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { loadStaffSupabase } from '../../../lib/supabase.ts';

/** One answer for any address, so nobody learns which addresses have accounts. */
export function ForgotPasswordForm() {
  const t = useT();
  const errorText = useStaffAuthErrorText();
  const ruleText = useRuleText();
  const [isSent, setIsSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: { email: validateEmail } });

  const submit = form.onSubmit(async ({ email }) => {
    setError(null);
    try {
      await requestPasswordReset(email);
      setIsSent(true);
    } catch (caught) {
      setError(errorText(caught));
    }
  });

  if (isSent) {
    return (
      <Alert color="teal" role="status" title={t('staff.recovery.checkEmail')}>
        {t('auth.forgot.sent')}
      </Alert>
    );
  }
  return (
    // Focusing the form starts loading the client, so it is there by the time the worker submits.
    <form onSubmit={submit} onFocus={() => void loadStaffSupabase()} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps('email')}
          error={ruleText(form.errors.email)}
        />
        {error && (
          <Alert color="red" role="alert">
            {ruleText(error)}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('auth.forgot.send')}
        </Button>
      </Stack>
    </form>
  );
}
