import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '@shared/config/paths.ts';
import { errorMessage } from '@shared/lib/errors.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';
import { showError } from '@shared/lib/toast.ts';
import { validateEmail } from '@shared/lib/validation.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';

/** The answer whatever the address: it must not tell who has an account. */
export const RESET_LINK_SENT = 'If an account exists for that address, we sent a link';

/** Asks for the account's email and has a reset link sent; the same answer for every address. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = async (address: string) => {
    setIsSubmitting(true);
    try {
      await requestPasswordReset(address);
      setSentTo(address.trim());
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateEmail(email);
    setError(invalid);
    if (!invalid) void send(email);
  };

  if (sentTo) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconMailCheck size={20} aria-hidden="true" />} role="status">
          <Text size="sm" fw={600}>
            {RESET_LINK_SENT}
          </Text>
          <Text size="sm" mt={4}>
            Check the inbox of {sentTo}. The link works once and expires in one hour; if nothing arrives in a few
            minutes, look in the spam folder.
          </Text>
        </Alert>
        <Button variant="default" onClick={() => void send(sentTo)} disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send another link'}
        </Button>
        <Anchor component={Link} to={paths.login} size="sm" ta="center" fw={600} underline="always">
          Back to log in
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} onFocus={() => void loadSupabase()} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@agency.com"
          withAsterisk
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" size="md" fullWidth disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
        <Anchor component={Link} to={paths.login} size="sm" ta="center" fw={600} underline="always">
          Back to log in
        </Anchor>
      </Stack>
    </form>
  );
}
