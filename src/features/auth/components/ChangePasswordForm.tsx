import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { errorMessage } from '@shared/lib/errors.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { validateConfirmPassword, validateLoginPassword, validateNewPassword } from '@shared/lib/validation.ts';
import { changePassword, WrongCurrentPasswordError } from '../api/change-password.ts';
import { NewPasswordFields } from '@shared/components/NewPasswordFields.tsx';

export const PASSWORD_CHANGED = 'Password changed';

/** Account settings: the current password, then a new one with sign-up's rules and checklist. */
export function ChangePasswordForm() {
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: {
      currentPassword: validateLoginPassword,
      password: validateNewPassword,
      confirmPassword: (value, values) => validateConfirmPassword(value, values.password),
    },
    validateInputOnBlur: true,
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      await changePassword(values.currentPassword, values.password);
      form.reset();
      showSuccess(PASSWORD_CHANGED);
    } catch (error) {
      if (error instanceof WrongCurrentPasswordError) form.setFieldError('currentPassword', error.message);
      else showError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack gap="sm">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          withAsterisk
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show current password' }}
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields
          password={form.values.password}
          passwordProps={form.getInputProps('password')}
          confirmProps={form.getInputProps('confirmPassword')}
          passwordLabel="New password"
          confirmLabel="Confirm new password"
        />
        <Button type="submit" disabled={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {form.submitting ? 'Saving...' : 'Change password'}
        </Button>
      </Stack>
    </form>
  );
}
