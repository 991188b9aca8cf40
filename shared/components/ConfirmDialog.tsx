import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useSharedT } from '../i18n/keys.ts';
import { refocusIfLost } from '../lib/refocus.ts';

export interface ConfirmDialogProps {
  isOpen: boolean;
  /** While true both buttons are disabled, the confirm button shows a spinner and the dialog cannot be dismissed. */
  isSubmitting?: boolean;
  title?: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /**
   * Where focus goes once the dialog has closed, when the element that had it before is gone (a
   * menu item that opened the dialog). Without it focus would fall to the page's start.
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * The confirmation dialog of SPEC §2/§4: 'Are you sure?', Submit and Cancel (in the person's
 * language) unless told otherwise.
 */
export function ConfirmDialog({
  isOpen,
  isSubmitting = false,
  title,
  message,
  confirmLabel,
  cancelLabel,
  confirmColor,
  onConfirm,
  onCancel,
  returnFocusTo,
}: ConfirmDialogProps) {
  const t = useSharedT();
  const close = () => {
    if (!isSubmitting) onCancel();
  };
  return (
    <Modal
      opened={isOpen}
      onClose={close}
      title={title ?? t('confirm.title')}
      centered
      closeOnClickOutside={!isSubmitting}
      closeOnEscape={!isSubmitting}
      withCloseButton={false}
      radius="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      onExitTransitionEnd={() => refocusIfLost(returnFocusTo)}
    >
      {message != null && (typeof message === 'string' ? <Text>{message}</Text> : message)}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={close} disabled={isSubmitting}>
          {cancelLabel ?? t('confirm.cancel')}
        </Button>
        <Button
          color={confirmColor}
          onClick={onConfirm}
          loading={isSubmitting}
          disabled={isSubmitting}
          data-autofocus
          loaderProps={{ 'aria-label': t('confirm.submitting') }}
        >
          {confirmLabel ?? t('confirm.submit')}
        </Button>
      </Group>
    </Modal>
  );
}
