import { useState } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { ClockOutError, clockStaffOut } from '../api/clock-staff-out.ts';
import type { ShiftRow } from '../shift-row.ts';
import { suggestedTimeDone } from '../attendance.ts';
import { formatZonedTime } from '../shift-display.ts';

interface ClockOutDialogProps {
  shift: ShiftRow | null;
  staffName: string;
  onClose: () => void;
  onClockedOut: (shift: ShiftRow) => void;
  returnFocusTo?: () => HTMLElement | null;
  /** The company's zone, for the clock-in time the dialog states. */
  timeZone: string;
}

export const TIME_DONE_REQUIRED = 'Time Done cannot be empty';

/** Clock Staff Out's prompt for Time Done (SPEC §4/§5), through the clock_staff_out RPC. */
export function ClockOutDialog({
  shift,
  staffName,
  onClose,
  onClockedOut,
  returnFocusTo,
  timeZone,
}: ClockOutDialogProps) {
  const [timeDone, setTimeDone] = useState('');
  const clockedInAt = shift?.clocked_in_at ?? null;
  // Time Done starts as the clocked time so far: the scheduler confirms it, or corrects it (a
  // correction more than 15 minutes off is flagged on the shift, not refused).
  // Keyed on the id (React's "adjust state when a prop changes" pattern, during render), so a live
  // update of the same row does not overwrite what is being typed.
  const shiftId = shift?.id;
  const [prefilledFor, setPrefilledFor] = useState<string | undefined>(undefined);
  if (shiftId !== prefilledFor) {
    setPrefilledFor(shiftId);
    if (shiftId) setTimeDone(suggestedTimeDone(clockedInAt, new Date()));
  }
  const clockedInLabel = formatZonedTime(clockedInAt, timeZone);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const close = () => {
    setTimeDone('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!shift || isSubmitting) return;
    if (timeDone.trim() === '') {
      setError(TIME_DONE_REQUIRED);
      return;
    }
    setIsSubmitting(true);
    try {
      const updated = await clockStaffOut(shift.id, timeDone.trim());
      onClockedOut(updated);
      showSuccess('Staff clocked out successfully');
      close();
    } catch (e) {
      showError(e instanceof ClockOutError ? e.message : 'Failed to clock staff out');
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <ConfirmDialog
      isOpen={shift != null}
      isSubmitting={isSubmitting}
      title="Clock Staff Out"
      message={
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">How long did {staffName} work on this shift? The shift is then marked Completed.</Text>
            {clockedInLabel && (
              <Text size="sm" c="dimmed">
                Clocked in: {clockedInLabel}. Time Done below is the time since then; change it if the shift ran
                differently. A Time Done more than 15 mins from the clocked time is flagged on the shift.
              </Text>
            )}
            <TextInput
              label="Time Done"
              placeholder="e.g. 8 hrs"
              value={timeDone}
              onChange={(event) => {
                setTimeDone(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              errorProps={{ role: 'alert' }}
              disabled={isSubmitting}
              data-autofocus
            />
          </Stack>
        </form>
      }
      onConfirm={() => void submit()}
      onCancel={close}
      returnFocusTo={returnFocusTo}
    />
  );
}
