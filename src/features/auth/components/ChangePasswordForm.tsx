import type { ReactNode } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { errorMessage } from '@shared/lib/errors.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { validateConfirmPassword, validateLoginPassword, validateNewPassword } from '@shared/lib/validation.ts';
import { changePassword, WrongCurrentPasswordError } from '../api/change-password.ts';
import { NewPasswordFields } from '@shared/components/NewPasswordFields.tsx';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { useT } from '../../../i18n/use-t.ts';

/** Account settings: the current password, then a new one with sign-up's rules and checklist. */
export function ChangePasswordForm() {
  const t = useT();
  const ruleText = useRuleText();
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
      showSuccess(t('accountSettings.password.changed'));
    } catch (error) {
      if (error instanceof WrongCurrentPasswordError)
        form.setFieldError('currentPassword', t('accountSettings.password.wrongCurrent'));
      else showError(ruleText(errorMessage(error)));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('accountSettings.password.change')}>
      <Stack gap="sm">
        <PasswordInput
          label={t('accountSettings.password.current')}
          autoComplete="current-password"
          withAsterisk
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('accountSettings.password.showCurrent') }}
          {...form.getInputProps('currentPassword')}
          error={ruleText(form.errors.currentPassword as ReactNode)}
        />
        <NewPasswordFields
          password={form.values.password}
          passwordProps={form.getInputProps('password')}
          confirmProps={form.getInputProps('confirmPassword')}
          passwordLabel={t('accountSettings.password.new')}
          confirmLabel={t('accountSettings.password.confirmNew')}
        />
        <Button type="submit" disabled={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {form.submitting ? t('accountSettings.saving') : t('accountSettings.password.change')}
        </Button>
      </Stack>
    </form>
  );
}
