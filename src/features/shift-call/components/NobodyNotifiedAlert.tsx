import { useEffect, useRef } from 'react';
import { Alert, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CompanyCodeWithCopy } from '@shared/components/CompanyCodeWithCopy.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { ViewOnBoardLink } from './ViewOnBoardLink.tsx';

const FOCUS_AFTER_DIALOG_MS = 100;

interface NobodyNotifiedAlertProps {
  shiftId: string;
  companyCode: string | null;
  /** How many staff the agency employs (null: unknown): with some, none of them could take this shift. */
  employedStaff: number | null;
  /** Best matches first: when the next wave is due, already in the agency's zone. */
  nextWaveAt: string | null;
  onClose: () => void;
}

/**
 * After a post that reached no one. SPEC's success toast says all frontline staff are notified,
 * and with nobody employed, or nobody who can take the shift, that is no one: this warning is shown
 * (and focused, so it is read) before the toast, says the post worked and why nobody heard of it,
 * and, with nobody employed, how workers join (the company code).
 */
export function NobodyNotifiedAlert({
  shiftId,
  companyCode,
  employedStaff,
  nextWaveAt,
  onClose,
}: NobodyNotifiedAlertProps) {
  const t = useT();
  const hasStaff = employedStaff != null && employedStaff > 0;
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
      title={t('shiftCall.nobody.title')}
      withCloseButton
      closeButtonLabel={t('shiftCall.posted.dismiss')}
      onClose={onClose}
      style={{ scrollMarginTop: 80 }}
    >
      {hasStaff ? (
        <Text size="sm">
          {nextWaveAt
            ? t('shiftCall.nobody.unavailableNextWave', { time: nextWaveAt })
            : t('shiftCall.nobody.unavailable')}
        </Text>
      ) : (
        <Text size="sm">{t('shiftCall.nobody.noStaff')}</Text>
      )}
      {!hasStaff && companyCode && (
        <Group mt="xs">
          <CompanyCodeWithCopy code={companyCode} size="xl" testId="nobody-notified-code" />
        </Group>
      )}
      <ViewOnBoardLink shiftId={shiftId} />
    </Alert>
  );
}
