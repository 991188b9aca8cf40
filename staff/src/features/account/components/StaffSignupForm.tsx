import { useState } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NewPasswordFields } from '@shared/components/NewPasswordFields.tsx';
import { digitsOnly, validateConfirmPassword, validateEmail, validateNewPassword } from '@shared/lib/validation.ts';
import { WorkerNameFields, WorkerPhoneField } from '../../../components/WorkerDetailsFields.tsx';
import { useStaffAuthErrorText } from '../../../lib/use-staff-auth-error-text.ts';
import { WORKER_DETAILS_RULES } from '../../../lib/worker-details.ts';
import { signUpStaff } from '../api/sign-up-staff.ts';
import { loadStaffSupabase } from '../../../lib/supabase.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { useT } from '../../../i18n/use-t.ts';

/** A worker's account: name, email, phone and a password with the dashboard's rules. */
export function StaffSignupForm({ onNeedsConfirmation }: { onNeedsConfirmation: (email: string) => void }) {
  const t = useT();
  const errorText = useStaffAuthErrorText();
  const ruleText = useRuleText();
  const { locale } = useLocale();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' },
    validate: {
      ...WORKER_DETAILS_RULES,
      email: validateEmail,
      password: validateNewPassword,
      confirmPassword: (value, values) => validateConfirmPassword(value, values.password),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const { hasSession } = await signUpStaff({ ...values, phone: digitsOnly(values.phone), locale });
      if (!hasSession) onNeedsConfirmation(values.email.trim());
    } catch (caught) {
      setError(errorText(caught));
    }
  });

  return (
    // Focusing the form starts loading the client, so it is there by the time the worker submits.
    <form onSubmit={submit} onFocus={() => void loadStaffSupabase()} noValidate>
      <Stack gap="md">
        <WorkerNameFields form={form} />
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          withAsterisk
          {...form.getInputProps('email')}
          error={ruleText(form.errors.email)}
        />
        <WorkerPhoneField form={form} />
        <NewPasswordFields
          password={form.values.password}
          passwordProps={form.getInputProps('password')}
          confirmProps={form.getInputProps('confirmPassword')}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} fullWidth size="md">
          {t('staff.signup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
