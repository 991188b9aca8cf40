import { useEffect } from 'react';
import { useCareRoleName } from '@shared/i18n/care-role-names.ts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCalendarOff, IconInfoCircle } from '@tabler/icons-react';
import { useStaffErrorText } from '../../../lib/use-staff-error-text.ts';
import { reasonText } from '../availability-reasons.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { StaffKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
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

function noticeOf(
  availability: ShiftAvailability,
  t: Translate<StaffKey>,
  roleName: (value: string) => string,
): { title: string; text: string; isMine?: boolean } | null {
  switch (availability.kind) {
    case 'open':
      return null;
    case 'mine':
      return { title: t('staff.shift.notice.mineTitle'), text: t('staff.shift.notice.mineText'), isMine: true };
    case 'ended':
      return { title: t('staff.shift.endedTitle'), text: t('staff.shift.endedText') };
    case 'gone':
      return { title: t('staff.shift.notice.goneTitle'), text: t('staff.shift.notice.goneText') };
    case 'not-eligible': {
      const reasons = availability.reasonCodes.map((code) => reasonText(code, availability, t, roleName));
      return { title: t('staff.shift.cannotTake'), text: `${reasons.join('. ')}.` };
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
  const t = useT();
  const errorText = useStaffErrorText();
  const roleName = useCareRoleName();
  const state = useShiftAvailability(shiftId, userId);
  const isOpen = state.status === 'known' && state.availability.kind === 'open';
  useEffect(() => {
    if (isOpen) onOpen();
  }, [isOpen, onOpen]);

  if (state.status === 'checking') {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('staff.shift.notice.checking')}
      </Text>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert color="red" role="alert" title={t('staff.shift.notice.checkFailed')}>
        {errorText(state.error)}
        <Group gap="xs" mt="xs">
          <Button variant="white" color="red" size="compact-sm" onClick={state.retry}>
            {t('staff.common.tryAgain')}
          </Button>
          <Button variant="subtle" color="red" size="compact-sm" onClick={onClose}>
            {t('staff.common.close')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const notice = noticeOf(state.availability, t, roleName);
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
            {t('staff.shift.notice.goToMyShifts')}
          </Button>
        )}
        <Button variant="subtle" size="compact-sm" onClick={onClose}>
          {t('staff.common.close')}
        </Button>
      </Group>
    </Alert>
  );
}
