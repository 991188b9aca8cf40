import { useState } from 'react';
import { Divider, Modal, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useT } from '../../../i18n/use-t.ts';
import { ChangeEmailForm } from './ChangeEmailForm.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** The profile menu's Account settings: the sign-in email and the password. Full screen on a phone. */
export function AccountSettingsModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(true);
  const isPhone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={isOpen}
      onClose={() => setIsOpen(false)}
      onExitTransitionEnd={onClose}
      title={t('accountSettings.title')}
      size="md"
      radius={isPhone ? 0 : 'lg'}
      fullScreen={isPhone}
      centered={!isPhone}
      closeButtonProps={{ 'aria-label': t('accountSettings.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Title order={2} size="h4" mb="xs">
        {t('accountSettings.email')}
      </Title>
      <ChangeEmailForm />
      <Divider my="lg" />
      <Title order={2} size="h4" mb="xs">
        {t('accountSettings.password')}
      </Title>
      <ChangePasswordForm />
    </Modal>
  );
}
