import { List, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { shiftLocation } from '../shift-display.ts';
import type { ShiftRow } from '../shift-row.ts';

interface RepostDialogProps {
  /** The late shift to re-post; null keeps the dialog closed. */
  shift: ShiftRow | null;
  /** The worker's name, or how a sentence names them when it is unknown ('The staff member'). */
  staffName: string;
  isSubmitting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** Re-post asks first: it releases a worker and records a no-show, which cannot be taken back. */
export function RepostDialog({
  shift,
  staffName,
  isSubmitting,
  onConfirm,
  onCancel,
  returnFocusTo,
}: RepostDialogProps) {
  const t = useT();
  const name = staffName;
  return (
    <ConfirmDialog
      isOpen={shift != null}
      isSubmitting={isSubmitting}
      title={t('shifts.repost.title')}
      message={
        shift ? (
          <Stack gap="xs">
            <Text>{shiftLocation(shift)}</Text>
            <List size="sm" spacing={4}>
              <List.Item>{t('shifts.repost.released', { name })}</List.Item>
              <List.Item>{t('shifts.repost.backToPending')}</List.Item>
              <List.Item>{t('shifts.repost.cannotRetake', { name })}</List.Item>
            </List>
          </Stack>
        ) : undefined
      }
      confirmLabel={t('shifts.menu.repost')}
      confirmColor="red.9"
      onConfirm={onConfirm}
      onCancel={onCancel}
      returnFocusTo={returnFocusTo}
    />
  );
}
