import { useState } from 'react';
import { Divider, Modal, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ChangeEmailForm } from './ChangeEmailForm.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** The profile menu's Account settings: the sign-in email and the password. Full screen on a phone. */
export function AccountSettingsModal({ onClose }: { onClose: () => void }) {
  const [isOpen, setIsOpen] = useState(true);
  const isPhone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={isOpen}
      onClose={() => setIsOpen(false)}
      onExitTransitionEnd={onClose}
      title="Account settings"
      size="md"
      radius={isPhone ? 0 : 'lg'}
      fullScreen={isPhone}
      centered={!isPhone}
      closeButtonProps={{ 'aria-label': 'Close account settings' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Title order={2} size="h4" mb="xs">
        Email
      </Title>
      <ChangeEmailForm />
      <Divider my="lg" />
      <Title order={2} size="h4" mb="xs">
        Password
      </Title>
      <ChangePasswordForm />
    </Modal>
  );
}
