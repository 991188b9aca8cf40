import { Alert, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatInstant } from '@shared/i18n/format.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';
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
  const t = useT();
  const { locale } = useLocale();
  const nextWaveAt = formatInstant(posted.nextWaveAt, { locale, timeZone, style: 'time' });
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
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      icon={<IconCircleCheck size={20} aria-hidden="true" />}
      title={t('shiftCall.posted.title')}
      withCloseButton
      closeButtonLabel={t('shiftCall.posted.dismiss')}
      onClose={onClose}
    >
      {posted.notifiedStaff != null && (
        <Text size="sm">
          {posted.dispatchMode === 'best_matches'
            ? t('shiftCall.posted.notifiedFirst', { count: posted.notifiedStaff })
            : t('shiftCall.posted.notified', { count: posted.notifiedStaff })}
          {nextWaveAt && ` ${t('shiftCall.posted.nextWave', { time: nextWaveAt })}`}
        </Text>
      )}
      <ViewOnBoardLink shiftId={posted.id} />
    </Alert>
  );
}
