import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { showError, showSuccess } from '../../../../../src/lib/toast.ts';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { acceptShift, TAKEN_BY_ANOTHER } from '../api/accept-shift.ts';
import { distanceMetres } from '../distance.ts';
import type { Position } from '../hooks/use-position.ts';
import type { StaffShift } from '../staff-shift.ts';
import { ShiftCard } from './ShiftCard.tsx';

interface OpenShiftListProps {
  shifts: StaffShift[];
  arrivedLive: ReadonlySet<string>;
  position: Position | null;
  onAccepted: () => void;
  onTaken: (shiftId: string) => void;
}

/** Open shifts, soonest first, each with Accept; the database decides who was first. */
export function OpenShiftList({ shifts, arrivedLive, position, onAccepted, onTaken }: OpenShiftListProps) {
  const [acceptingId, setAcceptingId] = useState<string | null>(null);
  const isOnline = useOnline();

  const accept = async (shift: StaffShift) => {
    setAcceptingId(shift.id);
    try {
      await acceptShift(shift.id);
      showSuccess('It is in My shifts. Clock in when you arrive.', 'Shift accepted');
      onAccepted();
    } catch (caught) {
      const message = staffErrorMessage(caught);
      if (message === TAKEN_BY_ANOTHER || message === 'This shift has already ended' || message === 'Shift not found') {
        showError('Another staff member accepted it just before you.', 'Sorry, this shift was just taken');
        onTaken(shift.id);
      } else {
        showError(message, 'Could not accept the shift');
      }
    } finally {
      setAcceptingId(null);
    }
  };

  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Open shifts">
      {shifts.map((shift) => (
        <li key={shift.id}>
          <ShiftCard
            shift={shift}
            isNew={arrivedLive.has(shift.id)}
            distance={
              position && shift.latitude !== null && shift.longitude !== null
                ? distanceMetres(position, { latitude: shift.latitude, longitude: shift.longitude })
                : null
            }
          >
            <Button
              fullWidth
              mt={4}
              onClick={() => void accept(shift)}
              loading={acceptingId === shift.id}
              disabled={!isOnline || (acceptingId !== null && acceptingId !== shift.id)}
              aria-label={`Accept shift: ${shift.staffType}, ${shift.skill}, at ${shift.address}`}
            >
              Accept shift
            </Button>
          </ShiftCard>
        </li>
      ))}
    </Stack>
  );
}
