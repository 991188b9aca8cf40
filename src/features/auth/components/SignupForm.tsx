import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { paths } from '@shared/config/paths.ts';
import { errorMessage } from '@shared/lib/errors.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';
import { showError } from '@shared/lib/toast.ts';
import { validateConfirmPassword, validateNewPassword, validateSignupEmail } from '@shared/lib/validation.ts';
import { signUpCompany, type SignUpResult } from '../api/sign-up-company.ts';
import { NewPasswordFields } from '@shared/components/NewPasswordFields.tsx';

/** Sign-up of an agency account (SPEC §2, §4, §5); `onSignedUp` runs once the account exists. */
export function SignupForm({ onSignedUp }: { onSignedUp: (result: SignUpResult & { email: string }) => void }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', confirmPassword: '' },
    validate: {
      email: validateSignupEmail,
      password: validateNewPassword,
      confirmPassword: (value, values) => validateConfirmPassword(value, values.password),
    },
    validateInputOnBlur: true,
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      const result = await signUpCompany({ email: values.email, password: values.password });
      onSignedUp({ ...result, email: values.email.trim() });
    } catch (error) {
      showError(errorMessage(error));
    }
  });

  const isSubmitting = form.submitting;
  return (
    // The auth client loads on first interaction rather than with the page (see lib/supabase.ts).
    <form onSubmit={onSubmit} onFocus={() => void loadSupabase()} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@agency.com"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <NewPasswordFields
          password={form.values.password}
          passwordProps={form.getInputProps('password')}
          confirmProps={form.getInputProps('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth disabled={isSubmitting} mt="xs">
          {isSubmitting ? 'Signing up...' : 'Sign up'}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login} fw={600} underline="always">
            Log in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
