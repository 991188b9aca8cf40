import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage } from '@shared/lib/errors.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { validateSignupEmail } from '@shared/lib/validation.ts';
import { changeEmail, currentEmail, type EmailChange } from '../api/change-email.ts';

/** Account settings: move the account to another address (agency domains only, as at sign-up). */
export function ChangeEmailForm() {
  const [email, setEmail] = useState<string | null>(null);
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<EmailChange | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void currentEmail().then((found) => isCurrent && setEmail(found));
    return () => {
      isCurrent = false;
    };
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid =
      validateSignupEmail(next) ??
      (next.trim().toLowerCase() === email?.toLowerCase() ? 'This is already your email' : null);
    setError(invalid);
    if (invalid) return;
    setIsSubmitting(true);
    try {
      const result = await changeEmail(next);
      setOutcome(result);
      if (result.status === 'changed') {
        setEmail(result.email);
        showSuccess('Email changed');
      }
      setNext('');
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Change email">
      <Stack gap="sm">
        <Text size="sm">
          You log in with <strong data-testid="account-email">{email ?? '...'}</strong>.
        </Text>
        {outcome?.status === 'pending' && (
          <Alert color="teal" variant="light" role="status">
            We sent a confirmation link to {outcome.email}. Your email changes once you open it; until then, keep
            logging in with {email}.
          </Alert>
        )}
        {outcome?.status === 'changed' && (
          <Alert color="teal" variant="light" role="status">
            Your email is now {outcome.email}. We told your old address about the change.
          </Alert>
        )}
        <TextInput
          label="New email"
          type="email"
          autoComplete="email"
          value={next}
          error={error}
          onChange={(event) => {
            setNext(event.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" variant="default" disabled={isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {isSubmitting ? 'Saving...' : 'Change email'}
        </Button>
      </Stack>
    </form>
  );
}
