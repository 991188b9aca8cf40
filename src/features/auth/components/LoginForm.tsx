import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { loadSupabase } from '../../../lib/supabase.ts';
import { showError } from '../../../lib/toast.ts';
import { validateEmail, validateLoginPassword } from '../../../lib/validation.ts';
import { signInCompany } from '../api/sign-in-company.ts';

/** Log-in of an agency (SPEC §2, §4, §5); worker accounts are signed out and refused. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: { email: validateEmail, password: validateLoginPassword },
    validateInputOnBlur: true,
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      await signInCompany(values);
      onLoggedIn();
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
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" fullWidth disabled={isSubmitting} mt="xs">
          {isSubmitting ? 'Logging in...' : 'Log in'}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          New to CareCover?{' '}
          <Anchor component={Link} to={paths.signup} fw={600} underline="always">
            Create one
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
