import { useEffect, useRef } from 'react';
import { Alert, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CompanyCodeWithCopy } from '@shared/components/CompanyCodeWithCopy.tsx';
import { ViewOnBoardLink } from './ViewOnBoardLink.tsx';

const FOCUS_AFTER_DIALOG_MS = 100;

interface NobodyNotifiedAlertProps {
  shiftId: string;
  companyCode: string | null;
  onClose: () => void;
}

/**
 * After a post that reached no one. SPEC's success toast says all frontline staff are notified,
 * and with nobody employed that is no one: this warning is shown (and focused, so it is read) before
 * the toast, says the post worked and why nobody heard of it, and how workers join (the company code).
 */
export function NobodyNotifiedAlert({ shiftId, companyCode, onClose }: NobodyNotifiedAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Focus scrolls the warning into view too: after Submit at the bottom of the form, it is off
    // screen. Later than the closing confirmation's own focus return (Mantine's, 10 ms after it
    // closes, to the Submit button), which would otherwise take focus straight back.
    const timer = window.setTimeout(() => ref.current?.focus(), FOCUS_AFTER_DIALOG_MS);
    return () => window.clearTimeout(timer);
  }, [shiftId]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="yellow"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden="true" />}
      title="Shift posted. Nobody was notified"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      style={{ scrollMarginTop: 80 }}
    >
      <Text size="sm">
        No worker has joined your agency on CareCover yet, so there was no one to send this shift to. It stays open on
        the board until a worker joins and accepts it. Workers join in the CareCover Staff app with your company code:
      </Text>
      {companyCode && (
        <Group mt="xs">
          <CompanyCodeWithCopy code={companyCode} size="xl" testId="nobody-notified-code" />
        </Group>
      )}
      <ViewOnBoardLink shiftId={shiftId} />
    </Alert>
  );
}
