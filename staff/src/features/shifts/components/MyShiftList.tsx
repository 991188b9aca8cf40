import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { formatInZone } from '@shared/lib/zoned-format.ts';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
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
  const [clockingIn, setClockingIn] = useState<StaffShift | null>(null);
  const [clockingOut, setClockingOut] = useState<StaffShift | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const confirmClockOut = async () => {
    if (!clockingOut) return;
    setIsSaving(true);
    try {
      await clockOut(clockingOut.id);
      showSuccess('Your hours are recorded.', 'Clocked out');
      setClockingOut(null);
      onChanged('completed');
    } catch (caught) {
      showError(staffErrorMessage(caught), 'Could not clock out');
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
                      Clock in
                    </Button>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Clock-in opens at {formatInZone(new Date(opensAt).toISOString(), shift.timeZone, 'dayTime')}.
                    </Text>
                  ))}
                {shift.status === 'In-progress' && (
                  <>
                    <Text size="sm">Clocked in at {formatInZone(shift.clockedInAt, shift.timeZone, 'time')}.</Text>
                    <Button fullWidth mt={4} color="orange.5" autoContrast onClick={() => setClockingOut(shift)}>
                      Clock out
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
          showSuccess('Your agency can see you are on shift.', 'Clocked in');
          onChanged('in-progress');
        }}
      />
      <ConfirmDialog
        isOpen={clockingOut !== null}
        title="Clock out now?"
        message="Your hours are worked out from your clock-in time to now."
        confirmLabel="Clock out"
        isSubmitting={isSaving}
        onConfirm={() => void confirmClockOut()}
        onCancel={() => setClockingOut(null)}
      />
    </>
  );
}
