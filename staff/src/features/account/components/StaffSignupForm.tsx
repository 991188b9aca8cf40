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

/** A worker's account: name, email, phone and a password with the dashboard's rules. */
export function StaffSignupForm({ onNeedsConfirmation }: { onNeedsConfirmation: (email: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' },
    validate: {
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
      const { hasSession } = await signUpStaff({ ...values, phone: digitsOnly(values.phone) });
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
          <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" withAsterisk {...form.getInputProps('lastName')} />
        </Group>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder="10 digits"
          withAsterisk
          {...form.getInputProps('phone')}
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
          Create account
        </Button>
      </Stack>
    </form>
  );
}
