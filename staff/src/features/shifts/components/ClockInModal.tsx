import { useEffect, useState } from 'react';
import { useCareRoleName } from '@shared/i18n/care-role-names.ts';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCurrentLocation, IconMapPinOff } from '@tabler/icons-react';
import { useStaffErrorText } from '../../../lib/use-staff-error-text.ts';
import { clockIn, fetchClockInRadius } from '../api/clock-in.ts';
import { distanceMetres, formatDistance } from '../distance.ts';
import { usePosition, type PositionFailure } from '../hooks/use-position.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { StaffKey } from '../../../i18n/catalogues.ts';
import type { StaffShift } from '../staff-shift.ts';

const REASON_MAX = 500;
let radiusPromise: Promise<number> | undefined;

const POSITION_FAILURE: Record<PositionFailure, StaffKey> = {
  denied: 'staff.clockIn.position.denied',
  timeout: 'staff.clockIn.position.timeout',
  notFound: 'staff.clockIn.position.notFound',
  unsupported: 'staff.clockIn.position.unsupported',
};

interface ClockInModalProps {
  /** The shift to clock in to; null closes the modal. */
  shift: StaffShift | null;
  onClose: () => void;
  onClockedIn: () => void;
}

/**
 * Clock-in with the phone's position: within the radius it is one tap; outside it, or without a
 * position, the worker says why (the agency reads it on the shift's timeline). The database
 * measures the distance itself and is the one that decides.
 *
 * The modal stays mounted and closes through `opened`: unmounting it at once skipped Mantine's
 * focus return, and a keyboard user closing it with Escape was left at the top of the page.
 */
export function ClockInModal({ shift, onClose, onClockedIn }: ClockInModalProps) {
  // The last shift stays on screen while the modal fades out.
  const t = useT();
  const [shown, setShown] = useState(shift);
  if (shift && shift !== shown) setShown(shift);
  return (
    <Modal
      opened={shift !== null}
      onClose={onClose}
      title={t('staff.myShifts.clockIn')}
      closeButtonProps={{ 'aria-label': t('staff.common.close') }}
      centered
    >
      {shown && <ClockInForm key={shown.id} shift={shown} onClose={onClose} onClockedIn={onClockedIn} />}
    </Modal>
  );
}

/** The modal's content, mounted while it is open: it asks for the position as it appears. */
function ClockInForm({ shift, onClose, onClockedIn }: ClockInModalProps & { shift: StaffShift }) {
  const t = useT();
  const errorText = useStaffErrorText();
  const roleName = useCareRoleName();
  const { locale } = useLocale();
  const { state, locate } = usePosition(true, true);
  const [radius, setRadius] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    radiusPromise ??= fetchClockInRadius();
    radiusPromise.then(setRadius, () => {
      radiusPromise = undefined;
      setRadius(300);
    });
  }, []);

  const hasShiftPlace = shift.latitude !== null && shift.longitude !== null;
  const position = state.status === 'found' ? state.position : null;
  const distance =
    position && hasShiftPlace
      ? distanceMetres(position, { latitude: shift.latitude!, longitude: shift.longitude! })
      : null;
  const isLocating = state.status === 'locating' || state.status === 'idle';
  const isOutside = distance !== null && radius !== null && distance > radius;
  const needsReason = !isLocating && (state.status === 'unavailable' || isOutside);

  const submit = async () => {
    if (needsReason && !reason.trim()) {
      setError(
        state.status === 'unavailable'
          ? t('staff.clockIn.reasonNeededNoLocation')
          : t('staff.clockIn.reasonNeededFar', { radius: radius ?? '' }),
      );
      return;
    }
    setIsSaving(true);
    setError(null);
    try {
      await clockIn({ shiftId: shift.id, position, reason: needsReason ? reason : '' });
      onClockedIn();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {t('staff.clockIn.shiftAt', {
          staffType: roleName(shift.staffType),
          skill: roleName(shift.skill),
          address: shift.address,
        })}
      </Text>
      {isLocating && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('staff.clockIn.locating')}</Text>
        </Group>
      )}
      {state.status === 'found' && distance !== null && radius !== null && (
        <Alert
          color={isOutside ? 'yellow' : 'teal'}
          icon={<IconCurrentLocation size={18} aria-hidden="true" />}
          role="status"
          title={t('staff.clockIn.distanceTitle', { distance: formatDistance(distance, locale) })}
        >
          {isOutside ? t('staff.clockIn.outside', { radius }) : t('staff.clockIn.inside', { radius })}
        </Alert>
      )}
      {state.status === 'found' && !hasShiftPlace && (
        <Alert color="teal" role="status" icon={<IconCurrentLocation size={18} aria-hidden="true" />}>
          {t('staff.clockIn.noMapPosition')}
        </Alert>
      )}
      {state.status === 'unavailable' && (
        <Alert
          color="yellow"
          role="status"
          icon={<IconMapPinOff size={18} aria-hidden="true" />}
          title={t('staff.clockIn.noLocation')}
        >
          {t(POSITION_FAILURE[state.reason])} {t('staff.clockIn.noLocationText')}
          <Button variant="subtle" size="compact-sm" mt={6} onClick={locate}>
            {t('staff.clockIn.tryLocation')}
          </Button>
        </Alert>
      )}
      {needsReason && (
        <Textarea
          label={t('staff.clockIn.reason')}
          description={t('staff.clockIn.reasonHelp')}
          withAsterisk
          autosize
          minRows={2}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('staff.common.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={isSaving} disabled={isLocating || radius === null}>
          {t('staff.myShifts.clockIn')}
        </Button>
      </Group>
    </Stack>
  );
}
