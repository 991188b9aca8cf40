import { useState } from 'react';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { readSessionEndMessage } from '../lib/session-end-notice.ts';
import { useRuleText } from '../i18n/validation-text.ts';

/**
 * On a log-in page: why the last session ended, when it ended without the person asking (see
 * session-ended.ts). It stays until they log in again, so someone who looked away still sees it.
 */
export function SessionEndedNotice() {
  // Read once: the notice is written before the session is removed, so before any redirect here.
  const [message] = useState(readSessionEndMessage);
  const ruleText = useRuleText();
  if (!message) return null;
  return (
    <Alert color="yellow" variant="light" mb="md" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
      {ruleText(message)}
    </Alert>
  );
}
