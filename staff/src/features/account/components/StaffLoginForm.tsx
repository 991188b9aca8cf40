import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@shared/lib/router.tsx';
import { validateEmail, validateLoginPassword } from '@shared/lib/validation.ts';
import { staffPaths } from '../../../config/paths.ts';
import { useStaffAuthErrorText } from '../../../lib/use-staff-auth-error-text.ts';
import { signInStaff } from '../api/sign-in-staff.ts';
import { loadStaffSupabase } from '../../../lib/supabase.ts';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { useT } from '../../../i18n/use-t.ts';

/** Email and password; the session provider takes the worker on once signed in. */
export function StaffLoginForm() {
  const t = useT();
  const errorText = useStaffAuthErrorText();
  const ruleText = useRuleText();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: validateEmail, password: validateLoginPassword },
  });

  const submit = form.onSubmit(async ({ email, password }) => {
    setError(null);
    try {
      await signInStaff(email, password);
    } catch (caught) {
      setError(errorText(caught));
    }
  });

  return (
    // Focusing the form starts loading the client, so it is there by the time the worker submits.
    <form onSubmit={submit} onFocus={() => void loadStaffSupabase()} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          withAsterisk
          {...form.getInputProps('email')}
          error={ruleText(form.errors.email)}
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          withAsterisk
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
          {...form.getInputProps('password')}
          error={ruleText(form.errors.password)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} fullWidth size="md">
          {form.submitting ? t('auth.loggingIn') : t('auth.logInAction')}
        </Button>
        <Anchor component={Link} to={staffPaths.forgotPassword} size="sm" ta="center">
          {t('auth.forgotPassword')}
        </Anchor>
      </Stack>
    </form>
  );
}
