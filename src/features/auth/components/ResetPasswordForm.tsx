import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { errorMessage } from '../../../lib/errors.ts';
import { showError } from '../../../lib/toast.ts';
import { validateConfirmPassword, validateNewPassword } from '../../../lib/validation.ts';
import { setNewPassword } from '../api/set-new-password.ts';
import { NewPasswordFields } from '../../../components/NewPasswordFields.tsx';

/** A new password for the account the reset link signed in, with sign-up's rules and checklist. */
export function ResetPasswordForm({ onSaved }: { onSaved: () => void }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: validateNewPassword,
      confirmPassword: (value, values) => validateConfirmPassword(value, values.password),
    },
    validateInputOnBlur: true,
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      await setNewPassword(values.password);
      onSaved();
    } catch (error) {
      showError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <NewPasswordFields
          password={form.values.password}
          passwordProps={form.getInputProps('password')}
          confirmProps={form.getInputProps('confirmPassword')}
          passwordLabel="New password"
          confirmLabel="Confirm new password"
        />
        <Button type="submit" size="md" fullWidth disabled={form.submitting} mt="xs">
          {form.submitting ? 'Saving...' : 'Save new password'}
        </Button>
      </Stack>
    </form>
  );
}
