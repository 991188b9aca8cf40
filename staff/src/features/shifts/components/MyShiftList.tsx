import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { formatInstant } from '@shared/i18n/format.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { useStaffErrorText } from '../../../lib/use-staff-error-text.ts';
import { clockOut } from '../api/clock-out.ts';
import { CLOCK_IN_OPENS_MS } from '../shift-time.ts';
import type { StaffShift } from '../staff-shift.ts';
import { ClockInModal } from './ClockInModal.tsx';
import { ShiftCard } from './ShiftCard.tsx';

interface MyShiftListProps {
  shifts: StaffShift[];
  now: number;
  /** After a clock-in or clock-out, with where the shift now is. */
  onChanged: (nowIn: 'in-progress' | 'completed') => void;
  emptyText: string;
}

/** The worker's own shifts with what can be done next: clock in (from 30 minutes before), clock out. */
export function MyShiftList({ shifts, now, onChanged, emptyText }: MyShiftListProps) {
  const t = useT();
  const errorText = useStaffErrorText();
  const { locale } = useLocale();
  const [clockingIn, setClockingIn] = useState<StaffShift | null>(null);
  const [clockingOut, setClockingOut] = useState<StaffShift | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const confirmClockOut = async () => {
    if (!clockingOut) return;
    setIsSaving(true);
    try {
      await clockOut(clockingOut.id);
      showSuccess(t('staff.myShifts.clockedOutText'), t('staff.myShifts.clockedOutTitle'));
      setClockingOut(null);
      onChanged('completed');
    } catch (caught) {
      showError(errorText(caught), t('staff.myShifts.clockOutFailed'));
    } finally {
      setIsSaving(false);
    }
  };

  if (shifts.length === 0) return <Text c="dimmed">{emptyText}</Text>;

  return (
    <>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {shifts.map((shift) => {
          const opensAt = Date.parse(shift.startsAt) - CLOCK_IN_OPENS_MS;
          return (
            <li key={shift.id}>
              <ShiftCard shift={shift} showStatus>
                {shift.status === 'Assigned' &&
                  (now >= opensAt ? (
                    <Button fullWidth mt={4} onClick={() => setClockingIn(shift)}>
                      {t('staff.myShifts.clockIn')}
                    </Button>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('staff.myShifts.clockInOpensAt', {
                        time: formatInstant(new Date(opensAt), { locale, timeZone: shift.timeZone, style: 'dayTime' }),
                      })}
                    </Text>
                  ))}
                {shift.status === 'In-progress' && (
                  <>
                    <Text size="sm">
                      {t('staff.myShifts.clockedInAt', {
                        time: formatInstant(shift.clockedInAt, { locale, timeZone: shift.timeZone, style: 'time' }),
                      })}
                    </Text>
                    <Button fullWidth mt={4} color="orange.5" autoContrast onClick={() => setClockingOut(shift)}>
                      {t('staff.myShifts.clockOut')}
                    </Button>
                  </>
                )}
              </ShiftCard>
            </li>
          );
        })}
      </Stack>
      <ClockInModal
        shift={clockingIn}
        onClose={() => setClockingIn(null)}
        onClockedIn={() => {
          setClockingIn(null);
          showSuccess(t('staff.myShifts.clockedInText'), t('staff.myShifts.clockedInTitle'));
          onChanged('in-progress');
        }}
      />
      <ConfirmDialog
        isOpen={clockingOut !== null}
        title={t('staff.myShifts.clockOutConfirmTitle')}
        message={t('staff.myShifts.clockOutConfirmText')}
        confirmLabel={t('staff.myShifts.clockOut')}
        cancelLabel={t('staff.common.cancel')}
        isSubmitting={isSaving}
        onConfirm={() => void confirmClockOut()}
        onCancel={() => setClockingOut(null)}
      />
    </>
  );
}
