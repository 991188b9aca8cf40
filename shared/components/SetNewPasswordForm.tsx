import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { showError } from '../lib/toast.ts';
import { validateConfirmPassword, validateNewPassword } from '../lib/validation.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useSharedT } from '../i18n/keys.ts';

interface SetNewPasswordFormProps {
  /** Saves the password for the account the reset link signed in (each app's own api call). */
  save: (password: string) => Promise<void>;
  onSaved: () => void;
  /** The app's wording for a failure (each app maps errors in one place of its own). */
  describeError: (error: unknown) => string;
}

/**
 * A new password after a reset link, with sign-up's rules and checklist: the same form for the
 * dashboard and the staff app.
 */
export function SetNewPasswordForm({ save, onSaved, describeError }: SetNewPasswordFormProps) {
  const t = useSharedT();
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
      await save(values.password);
      onSaved();
    } catch (error) {
      showError(describeError(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <NewPasswordFields
          password={form.values.password}
          passwordProps={form.getInputProps('password')}
          confirmProps={form.getInputProps('confirmPassword')}
          passwordLabel={t('password.new')}
          confirmLabel={t('password.confirmNew')}
        />
        <Button type="submit" size="md" fullWidth disabled={form.submitting} mt="xs">
          {form.submitting ? t('password.saving') : t('password.save')}
        </Button>
      </Stack>
    </form>
  );
}
