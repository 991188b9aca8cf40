import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NewPasswordFields } from '@shared/components/NewPasswordFields.tsx';
import {
  digitsOnly,
  required,
  validateConfirmPassword,
  validateEmail,
  validateNewPassword,
  validatePhone,
} from '@shared/lib/validation.ts';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { signUpStaff } from '../api/sign-up-staff.ts';
import { loadStaffSupabase } from '../../../lib/supabase.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { useT } from '../../../i18n/use-t.ts';

/** A worker's account: name, email, phone and a password with the dashboard's rules. */
export function StaffSignupForm({ onNeedsConfirmation }: { onNeedsConfirmation: (email: string) => void }) {
  const t = useT();
  const ruleText = useRuleText();
  const { locale } = useLocale();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' },
    validate: {
      // Any text marks the field; the message shown is the active language's (see the inputs).
      firstName: required('First name is required'),
      lastName: required('Last name is required'),
      email: validateEmail,
      phone: validatePhone,
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
      setError(staffErrorMessage(caught));
    }
  });

  return (
    // Focusing the form starts loading the client, so it is there by the time the worker submits.
    <form onSubmit={submit} onFocus={() => void loadStaffSupabase()} noValidate>
      <Stack gap="md">
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label={t('staff.signup.firstName')}
            autoComplete="given-name"
            withAsterisk
            {...form.getInputProps('firstName')}
            error={form.errors.firstName ? t('staff.signup.firstNameRequired') : undefined}
          />
          <TextInput
            label={t('staff.signup.lastName')}
            autoComplete="family-name"
            withAsterisk
            {...form.getInputProps('lastName')}
            error={form.errors.lastName ? t('staff.signup.lastNameRequired') : undefined}
          />
        </Group>
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          withAsterisk
          {...form.getInputProps('email')}
          error={ruleText(form.errors.email)}
        />
        <TextInput
          label={t('staff.signup.phone')}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder={t('staff.signup.phonePlaceholder')}
          withAsterisk
          {...form.getInputProps('phone')}
          error={ruleText(form.errors.phone)}
        />
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
