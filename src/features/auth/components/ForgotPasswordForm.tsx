import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from '@shared/lib/router.tsx';
import { paths } from '@shared/config/paths.ts';
import { errorMessage } from '@shared/lib/errors.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';
import { showError } from '@shared/lib/toast.ts';
import { validateEmail } from '@shared/lib/validation.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useRuleText } from '@shared/i18n/validation-text.ts';

/** Asks for the account's email and has a reset link sent; the same answer for every address. */
export function ForgotPasswordForm() {
  const t = useT();
  const ruleText = useRuleText();
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
      showError(ruleText(errorMessage(failure)));
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
            {/* The same answer whatever the address: it must not tell who has an account. */}
            {t('auth.forgot.sent')}
          </Text>
          <Text size="sm" mt={4}>
            {t('auth.forgot.sentHelp', { email: sentTo })}
          </Text>
        </Alert>
        <Button variant="default" onClick={() => void send(sentTo)} disabled={isSubmitting}>
          {isSubmitting ? t('auth.sending') : t('auth.forgot.sendAnother')}
        </Button>
        <Anchor component={Link} to={paths.login} size="sm" ta="center" fw={600} underline="always">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} onFocus={() => void loadSupabase()} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          withAsterisk
          value={email}
          error={ruleText(error)}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" size="md" fullWidth disabled={isSubmitting}>
          {isSubmitting ? t('auth.sending') : t('auth.forgot.send')}
        </Button>
        <Anchor component={Link} to={paths.login} size="sm" ta="center" fw={600} underline="always">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
