import { useState } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateEmail } from '@shared/lib/validation.ts';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { loadStaffSupabase } from '../../../lib/supabase.ts';

/** One answer for any address, so nobody learns which addresses have accounts. */
export function ForgotPasswordForm() {
  const [isSent, setIsSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: { email: validateEmail } });

  const submit = form.onSubmit(async ({ email }) => {
    setError(null);
    try {
      await requestPasswordReset(email);
      setIsSent(true);
    } catch (caught) {
      setError(staffErrorMessage(caught));
    }
  });

  if (isSent) {
    return (
      <Alert color="teal" role="status" title="Check your email">
        If an account exists for that address, we sent a link
      </Alert>
    );
  }
  return (
    // Focusing the form starts loading the client, so it is there by the time the worker submits.
    <form onSubmit={submit} onFocus={() => void loadStaffSupabase()} noValidate>
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} fullWidth>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
