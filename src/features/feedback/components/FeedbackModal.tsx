import { useState } from 'react';
import { Alert, Button, Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useT } from '../../../i18n/use-t.ts';
import { useFeedbackStatus } from '../hooks/use-feedback-status.ts';
import { FeedbackForm } from './FeedbackForm.tsx';
import { FeedbackThanks } from './FeedbackThanks.tsx';

interface FeedbackModalProps {
  company: { id: string };
  onClose: () => void;
}

/**
 * The profile menu's Feedback (SPEC §2, §4): loading, then the thank-you when the company has
 * already answered, or the survey; a submission leads to the thank-you. Full screen on a phone,
 * where the survey is long.
 */
export function FeedbackModal({ company, onClose }: FeedbackModalProps) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(true);
  const { status, retry, markGiven } = useFeedbackStatus(company.id);
  const isPhone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const close = () => setIsOpen(false);

  return (
    <Modal
      opened={isOpen}
      onClose={close}
      onExitTransitionEnd={onClose}
      title={t('feedback.title')}
      size="lg"
      radius={isPhone ? 0 : 'lg'}
      fullScreen={isPhone}
      centered={!isPhone}
      closeButtonProps={{ 'aria-label': t('feedback.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {status === 'loading' && (
        <Center py="xl" role="status" aria-label={t('feedback.loading')}>
          <Loader aria-hidden="true" />
        </Center>
      )}
      {status === 'error' && (
        <Alert color="red" variant="light" role="alert" title={t('feedback.loadFailed')}>
          {t('feedback.loadFailedHelp')}
          <Button mt="sm" display="block" variant="light" color="red" onClick={retry}>
            {t('feedback.retry')}
          </Button>
        </Alert>
      )}
      {status === 'given' && <FeedbackThanks onClose={close} />}
      {status === 'open' && <FeedbackForm onReceived={markGiven} onCancel={close} />}
    </Modal>
  );
}
