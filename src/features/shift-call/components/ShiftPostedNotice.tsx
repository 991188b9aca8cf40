import { Alert, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatInZone } from '@shared/lib/zoned-format.ts';
import type { PostedShift } from '../post-shift.ts';
import { NobodyNotifiedAlert } from './NobodyNotifiedAlert.tsx';
import { ViewOnBoardLink } from './ViewOnBoardLink.tsx';

interface ShiftPostedNoticeProps {
  posted: PostedShift;
  companyCode: string | null;
  /** The agency's zone, for the time the next wave goes out. */
  timeZone: string;
  onClose: () => void;
}

/**
 * What stays on Shift Call after a post, beside SPEC's toast: the way to the shift on the board,
 * and, when the post reached nobody, the warning that says so.
 */
export function ShiftPostedNotice({ posted, companyCode, timeZone, onClose }: ShiftPostedNoticeProps) {
  const nextWaveAt = formatInZone(posted.nextWaveAt, timeZone, 'time');
  if (posted.notifiedStaff === 0) {
    return (
      <NobodyNotifiedAlert
        shiftId={posted.id}
        companyCode={companyCode}
        employedStaff={posted.employedStaff}
        nextWaveAt={nextWaveAt}
        onClose={onClose}
      />
    );
  }
  const count = posted.notifiedStaff === 1 ? '1 staff member was' : `${posted.notifiedStaff} staff members were`;
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
          {posted.dispatchMode === 'best_matches'
            ? `${count} notified first, as your best matches.`
            : `${count} notified.`}
          {nextWaveAt && ` If nobody has accepted by ${nextWaveAt}, everyone else who can take it is notified.`}
        </Text>
      )}
      <ViewOnBoardLink shiftId={posted.id} />
    </Alert>
  );
}
