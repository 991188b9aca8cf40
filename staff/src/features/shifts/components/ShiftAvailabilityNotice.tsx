import { useEffect } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCalendarOff, IconInfoCircle } from '@tabler/icons-react';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { CANNOT_TAKE_TITLE, REASON_FOR_WORKER } from '../accept-refusal.ts';
import type { ShiftAvailability } from '../api/fetch-shift-availability.ts';
import { useShiftAvailability } from '../hooks/use-shift-availability.ts';

interface ShiftAvailabilityNoticeProps {
  shiftId: string;
  userId: string;
  onClose: () => void;
  /** The shift is open to the worker after all (it was posted a moment ago): load the list again. */
  onOpen: () => void;
  onShowMyShifts: () => void;
}

function noticeOf(availability: ShiftAvailability): { title: string; text: string; isMine?: boolean } | null {
  switch (availability.kind) {
    case 'open':
      return null;
    case 'mine':
      return { title: 'This shift is yours', text: 'You accepted it. It is in My shifts.', isMine: true };
    case 'ended':
      return { title: 'This shift has ended', text: 'It can no longer be accepted.' };
    case 'gone':
      return { title: 'This shift is no longer open', text: 'Another staff member took it, or the agency removed it.' };
    case 'not-eligible': {
      const reasons = availability.reasonCodes.map(
        (code) => REASON_FOR_WORKER[code] ?? 'It does not fit your schedule right now',
      );
      return { title: CANNOT_TAKE_TITLE, text: `${reasons.join('. ')}.` };
    }
  }
}

/**
 * For the shift a notification led to when it is not among the open shifts: says why (the
 * database's reasons, in the worker's words) rather than showing nothing.
 */
export function ShiftAvailabilityNotice({
  shiftId,
  userId,
  onClose,
  onOpen,
  onShowMyShifts,
}: ShiftAvailabilityNoticeProps) {
  const state = useShiftAvailability(shiftId, userId);
  const isOpen = state.status === 'known' && state.availability.kind === 'open';
  useEffect(() => {
    if (isOpen) onOpen();
  }, [isOpen, onOpen]);

  if (state.status === 'checking') {
    return (
      <Text size="sm" c="dimmed" role="status">
        Checking the shift you opened…
      </Text>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert color="red" role="alert" title="Could not check this shift">
        {staffErrorMessage(state.error)}
        <Group gap="xs" mt="xs">
          <Button variant="white" color="red" size="compact-sm" onClick={state.retry}>
            Try again
          </Button>
          <Button variant="subtle" color="red" size="compact-sm" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Alert>
    );
  }
  const notice = noticeOf(state.availability);
  if (!notice) return null;
  return (
    <Alert
      color={notice.isMine ? 'teal' : 'orange'}
      role="status"
      title={notice.title}
      icon={
        notice.isMine ? (
          <IconInfoCircle size={20} aria-hidden="true" />
        ) : (
          <IconCalendarOff size={20} aria-hidden="true" />
        )
      }
    >
      <Text size="sm">{notice.text}</Text>
      <Group gap="xs" mt="xs">
        {notice.isMine && (
          <Button variant="white" size="compact-sm" onClick={onShowMyShifts}>
            Go to My shifts
          </Button>
        )}
        <Button variant="subtle" size="compact-sm" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Alert>
  );
}
