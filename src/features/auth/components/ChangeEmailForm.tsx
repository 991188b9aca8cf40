import { useEffect, useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage } from '@shared/lib/errors.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { validateSignupEmail } from '@shared/lib/validation.ts';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
import { changeEmail, currentEmail, type EmailChange } from '../api/change-email.ts';

/** Account settings: move the account to another address (agency domains only, as at sign-up). */
export function ChangeEmailForm() {
  const t = useT();
  const ruleText = useRuleText();
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
      (next.trim().toLowerCase() === email?.toLowerCase() ? t('accountSettings.email.same') : null);
    setError(invalid);
    if (invalid) return;
    setIsSubmitting(true);
    try {
      const result = await changeEmail(next);
      setOutcome(result);
      if (result.status === 'changed') {
        setEmail(result.email);
        showSuccess(t('accountSettings.email.changed'));
      }
      setNext('');
    } catch (failure) {
      showError(ruleText(errorMessage(failure)));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('accountSettings.email.change')}>
      <Stack gap="sm">
        <Text size="sm">
          <Trans
            id={'accountSettings.email.current' satisfies DashboardKey}
            values={{ email: email ?? '...' }}
            components={{ 0: <strong data-testid="account-email" /> }}
          />
        </Text>
        {outcome?.status === 'pending' && (
          <Alert color="teal" variant="light" role="status">
            {t('accountSettings.email.pending', { email: outcome.email, current: email })}
          </Alert>
        )}
        {outcome?.status === 'changed' && (
          <Alert color="teal" variant="light" role="status">
            {t('accountSettings.email.changedTo', { email: outcome.email })}
          </Alert>
        )}
        <TextInput
          label={t('accountSettings.email.new')}
          type="email"
          autoComplete="email"
          value={next}
          error={ruleText(error)}
          onChange={(event) => {
            setNext(event.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" variant="default" disabled={isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {isSubmitting ? t('accountSettings.saving') : t('accountSettings.email.change')}
        </Button>
      </Stack>
    </form>
  );
}
