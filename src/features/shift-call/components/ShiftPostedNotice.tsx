import { Alert, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { PostedShift } from '../post-shift.ts';
import { NobodyNotifiedAlert } from './NobodyNotifiedAlert.tsx';
import { ViewOnBoardLink } from './ViewOnBoardLink.tsx';

interface ShiftPostedNoticeProps {
  posted: PostedShift;
  companyCode: string | null;
  onClose: () => void;
}

/**
 * What stays on Shift Call after a post, beside SPEC's toast: the way to the shift on the board,
 * and, when the post reached nobody, the warning that says so.
 */
export function ShiftPostedNotice({ posted, companyCode, onClose }: ShiftPostedNoticeProps) {
  if (posted.notifiedStaff === 0) {
    return <NobodyNotifiedAlert shiftId={posted.id} companyCode={companyCode} onClose={onClose} />;
  }
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      icon={<IconCircleCheck size={20} aria-hidden="true" />}
      title="Shift posted"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {posted.notifiedStaff != null && (
        <Text size="sm">
          {posted.notifiedStaff === 1 ? '1 staff member was' : `${posted.notifiedStaff} staff members were`} notified.
        </Text>
      )}
      <ViewOnBoardLink shiftId={posted.id} />
    </Alert>
  );
}
