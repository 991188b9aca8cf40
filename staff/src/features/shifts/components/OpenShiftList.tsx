import { useEffect, useRef, useState } from 'react';
import { useCareRoleName } from '@shared/i18n/care-role-names.ts';
import { Button, Stack } from '@mantine/core';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useStaffErrorText } from '../../../lib/use-staff-error-text.ts';
import { acceptRefusal } from '../accept-refusal.ts';
import { acceptShift } from '../api/accept-shift.ts';
import { distanceMetres } from '../distance.ts';
import type { Position } from '../hooks/use-position.ts';
import type { StaffShift } from '../staff-shift.ts';
import { ShiftCard } from './ShiftCard.tsx';
import { useT } from '../../../i18n/use-t.ts';

interface OpenShiftListProps {
  shifts: StaffShift[];
  arrivedLive: ReadonlySet<string>;
  position: Position | null;
  onAccepted: (shiftId: string) => void;
  /** The shift can no longer be taken (taken by another, ended, or it clashes with the worker's time). */
  onTaken: (shiftId: string) => void;
  /** The shift a notification led to: marked and scrolled to. */
  highlightedId?: string | null;
}

/** Open shifts, soonest first, each with Accept; the database decides who was first. */
export function OpenShiftList({
  shifts,
  arrivedLive,
  position,
  onAccepted,
  onTaken,
  highlightedId,
}: OpenShiftListProps) {
  const t = useT();
  const errorText = useStaffErrorText();
  const roleName = useCareRoleName();
  const [acceptingId, setAcceptingId] = useState<string | null>(null);
  const isOnline = useOnline();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  // The shift that left the list while its Accept button had focus, and where it was.
  const leaving = useRef<{ id: string; index: number } | null>(null);

  // Its card is gone once the list refreshes: focus moves to the shift that took its place (or the
  // list), so a keyboard or screen-reader user is not sent back to the top of the page. Not before
  // the answer has come: until then the other Accept buttons are disabled and cannot take focus
  // (the live update often removes the card before the answer arrives).
  useEffect(() => {
    const left = leaving.current;
    if (!left || acceptingId !== null || shifts.some((s) => s.id === left.id)) return;
    leaving.current = null;
    const next = shifts[Math.min(left.index, shifts.length - 1)];
    const target = next ? buttons.current.get(next.id) : undefined;
    (target ?? listRef.current)?.focus();
  }, [shifts, acceptingId]);

  const accept = async (shift: StaffShift) => {
    setAcceptingId(shift.id);
    const hadFocus = document.activeElement === buttons.current.get(shift.id);
    const index = shifts.findIndex((s) => s.id === shift.id);
    const leave = () => {
      if (hadFocus) leaving.current = { id: shift.id, index };
    };
    try {
      await acceptShift(shift.id);
      showSuccess(t('staff.shift.acceptedText'), t('staff.shift.accepted'));
      leave();
      onAccepted(shift.id);
    } catch (caught) {
      const refusal = acceptRefusal(caught, t, errorText);
      showError(refusal.message, refusal.title);
      if (refusal.isGone) {
        leave();
        onTaken(shift.id);
      }
    } finally {
      setAcceptingId(null);
    }
  };

  return (
    <Stack
      ref={listRef}
      gap="sm"
      component="ul"
      tabIndex={-1}
      style={{ listStyle: 'none', padding: 0, margin: 0, outline: 'none' }}
      aria-label={t('staff.home.title')}
    >
      {shifts.map((shift) => (
        <li key={shift.id}>
          <ShiftCard
            shift={shift}
            isNew={arrivedLive.has(shift.id)}
            isHighlighted={shift.id === highlightedId}
            distance={
              position && shift.latitude !== null && shift.longitude !== null
                ? distanceMetres(position, { latitude: shift.latitude, longitude: shift.longitude })
                : null
            }
          >
            <Button
              ref={(element) => {
                if (element) buttons.current.set(shift.id, element);
                else buttons.current.delete(shift.id);
              }}
              fullWidth
              mt={4}
              onClick={() => void accept(shift)}
              loading={acceptingId === shift.id}
              disabled={!isOnline || (acceptingId !== null && acceptingId !== shift.id)}
              aria-label={t('staff.shift.acceptLabel', {
                staffType: roleName(shift.staffType),
                skill: roleName(shift.skill),
                address: shift.address,
              })}
            >
              {t('staff.shift.accept')}
            </Button>
          </ShiftCard>
        </li>
      ))}
    </Stack>
  );
}
