import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NewPasswordFields } from '../../../../../src/components/NewPasswordFields.tsx';
import { validateConfirmPassword, validateNewPassword } from '../../../../../src/lib/validation.ts';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { setNewPassword } from '../api/set-new-password.ts';

/** Set a new password, signed in by the emailed link (sign-up's rules and checklist). */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: validateNewPassword,
      confirmPassword: (value, values) => validateConfirmPassword(value, values.password),
    },
  });
  const submit = form.onSubmit(async ({ password }) => {
    setError(null);
    try {
      await setNewPassword(password);
      onDone();
    } catch (caught) {
      setError(staffErrorMessage(caught));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NewPasswordFields
          password={form.values.password}
          passwordProps={form.getInputProps('password')}
          confirmProps={form.getInputProps('confirmPassword')}
          passwordLabel="New password"
          confirmLabel="Confirm new password"
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} fullWidth>
          Save password
        </Button>
      </Stack>
    </form>
  );
}
