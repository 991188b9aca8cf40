import { useState } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { ClockOutError, clockStaffOut } from '../api/clock-staff-out.ts';
import type { ShiftRow } from '../shift-row.ts';
import { suggestedTimeDone, TIME_DONE_TOLERANCE_MINUTES } from '../attendance.ts';
import { formatZonedTime } from '../shift-display.ts';
import type { ShiftText } from '../shift-text.ts';

interface ClockOutDialogProps {
  shift: ShiftRow | null;
  staffName: string;
  onClose: () => void;
  onClockedOut: (shift: ShiftRow) => void;
  returnFocusTo?: () => HTMLElement | null;
  /** The person's language and the company's zone, for the clock-in time the dialog states. */
  text: ShiftText;
}

/** Clock Staff Out's prompt for Time Done (SPEC §4/§5), through the clock_staff_out RPC. */
export function ClockOutDialog({ shift, staffName, onClose, onClockedOut, returnFocusTo, text }: ClockOutDialogProps) {
  const { t } = text;
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
    if (shiftId) setTimeDone(suggestedTimeDone(clockedInAt, new Date(), text));
  }
  const clockedInLabel = formatZonedTime(clockedInAt, text);
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
      setError(t('shifts.clockOut.timeDoneRequired'));
      return;
    }
    setIsSubmitting(true);
    try {
      const updated = await clockStaffOut(shift.id, timeDone.trim());
      onClockedOut(updated);
      showSuccess(t('shifts.clockOut.success'));
      close();
    } catch (e) {
      showError(t(e instanceof ClockOutError ? e.key : 'shifts.clockOut.failure'));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <ConfirmDialog
      isOpen={shift != null}
      isSubmitting={isSubmitting}
      title={t('shifts.menu.clockOut')}
      message={
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('shifts.clockOut.question', { name: staffName })}</Text>
            {clockedInLabel && (
              <Text size="sm" c="dimmed">
                {t('shifts.clockOut.clockedIn', { time: clockedInLabel, tolerance: TIME_DONE_TOLERANCE_MINUTES })}
              </Text>
            )}
            <TextInput
              label={t('shifts.clockOut.timeDone')}
              placeholder={t('shifts.clockOut.placeholder')}
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
