import { useEffect, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { errorMessage } from '@shared/lib/errors.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { resendConfirmation } from '../api/sign-up-company.ts';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { useT } from '../../../i18n/use-t.ts';

/** Seconds before the confirmation can be sent again: the server refuses sooner ones anyway. */
export const RESEND_COOLDOWN_SECONDS = 60;

/** After a sign-up with email confirmation on: where the link went, and a rate-limited resend. */
export function CheckInbox({ email }: { email: string }) {
  const t = useT();
  const ruleText = useRuleText();
  const [waitSeconds, setWaitSeconds] = useState(RESEND_COOLDOWN_SECONDS);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    if (waitSeconds <= 0) return;
    const timer = setTimeout(() => setWaitSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds]);

  const resend = async () => {
    setIsSending(true);
    try {
      await resendConfirmation(email);
      showSuccess(t('auth.checkInbox.resent'));
      setWaitSeconds(RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      showError(ruleText(errorMessage(error)));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" icon={<IconMailCheck size={20} aria-hidden="true" />} role="status">
        <Text size="sm" fw={600}>
          {t('auth.checkInbox.sent', { email })}
        </Text>
        <Text size="sm" mt={4}>
          {t('auth.checkInbox.help')}
        </Text>
      </Alert>
      <Button variant="default" onClick={() => void resend()} disabled={isSending || waitSeconds > 0}>
        {isSending
          ? t('auth.sending')
          : waitSeconds > 0
            ? t('auth.checkInbox.resendIn', { seconds: waitSeconds })
            : t('auth.checkInbox.resend')}
      </Button>
    </Stack>
  );
}
