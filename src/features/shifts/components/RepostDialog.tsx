import { List, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { shiftLocation } from '../shift-display.ts';
import type { ShiftRow } from '../shift-row.ts';

interface RepostDialogProps {
  /** The late shift to re-post; null keeps the dialog closed. */
  shift: ShiftRow | null;
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
  const name = staffName === 'N/A' || staffName === 'Loading...' ? 'The staff member' : staffName;
  return (
    <ConfirmDialog
      isOpen={shift != null}
      isSubmitting={isSubmitting}
      title="Re-post this shift?"
      message={
        shift ? (
          <Stack gap="xs">
            <Text>{shiftLocation(shift)}</Text>
            <List size="sm" spacing={4}>
              <List.Item>{name} is released from the shift and recorded as a no-show.</List.Item>
              <List.Item>The shift goes back to Pending and is offered to your other staff.</List.Item>
              <List.Item>{name} cannot take it again.</List.Item>
            </List>
          </Stack>
        ) : undefined
      }
      confirmLabel="Re-post"
      confirmColor="red.9"
      onConfirm={onConfirm}
      onCancel={onCancel}
      returnFocusTo={returnFocusTo}
    />
  );
}
