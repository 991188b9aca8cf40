import { useCallback, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { deleteShift } from '../api/delete-shift.ts';
import { copyShiftId } from '../copy-shift-id.ts';
import { useLiveShifts } from '../hooks/use-live-shifts.ts';
import { useStaffNames } from '../hooks/use-staff-names.ts';
import { NEWEST_FIRST, shiftDetailsColumns } from '../shift-columns.tsx';
import { staffNameLabel } from '../shift-display.ts';
import type { ShiftRow } from '../shift-row.ts';
import { clockOutRefusal } from '../shift-status.ts';
import { ClockOutDialog } from './ClockOutDialog.tsx';
import { findShiftActionsButton, ShiftRowMenu } from './ShiftRowMenu.tsx';

interface ShiftDetailsTableProps {
  companyId: string;
  timeZone: string;
  /** Adds 'View timeline' to each row's menu; the page decides what it opens. */
  onViewTimeline?: (shiftId: string) => void;
}

/** Shift Details (SPEC §2): the company's shifts, live, with Clock Staff Out, Copy ShiftID and Delete. */
export function ShiftDetailsTable({ companyId, timeZone, onViewTimeline }: ShiftDetailsTableProps) {
  const { shifts, isLoading, error, isReconnecting, applyChange } = useLiveShifts(companyId);
  const acceptedBy = useMemo(() => shifts.map((s) => s.accepted_by), [shifts]);
  const names = useStaffNames(acceptedBy);
  const columns = useMemo(() => shiftDetailsColumns(timeZone, names), [timeZone, names]);

  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [clockingOut, setClockingOut] = useState<ShiftRow | null>(null);
  const [deleting, setDeleting] = useState<ShiftRow | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  // The dialogs are opened from a row's menu, whose item is gone when they close: focus goes back
  // to that row's menu button instead (keyboard users continue where they were).
  const tableRef = useRef<HTMLDivElement>(null);
  const dialogFor = useRef<string | null>(null);
  const rowActionsButton = useCallback(() => findShiftActionsButton(tableRef.current, dialogFor.current), []);

  const startClockOut = useCallback((shift: ShiftRow) => {
    const refusal = clockOutRefusal(shift.status);
    dialogFor.current = shift.id;
    if (refusal) showError(refusal);
    else setClockingOut(shift);
  }, []);

  const confirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await deleteShift(deleting.id);
      applyChange({ type: 'delete', id: deleting.id });
      showSuccess('Shift deleted successfully');
      setDeleting(null);
    } catch {
      showError('Failed to delete shift');
    } finally {
      setIsDeleting(false);
    }
  };

  const renderActions = useCallback(
    (shift: ShiftRow) => (
      <ShiftRowMenu
        shiftId={shift.id}
        isOpen={menuFor === shift.id}
        onOpenChange={(isOpen) => setMenuFor(isOpen ? shift.id : null)}
        onClockOut={() => startClockOut(shift)}
        onCopy={() => void copyShiftId(shift.id)}
        onDelete={() => {
          dialogFor.current = shift.id;
          setDeleting(shift);
        }}
        onViewTimeline={onViewTimeline ? () => onViewTimeline(shift.id) : undefined}
      />
    ),
    [menuFor, startClockOut, onViewTimeline],
  );
  const onRowContextMenu = useCallback((shift: ShiftRow, event: MouseEvent) => {
    event.preventDefault();
    setMenuFor(shift.id);
  }, []);

  if (error && shifts.length === 0) {
    return <Alert color="red" variant="light" role="alert" title="Failed to load shifts" />;
  }

  return (
    <Stack gap="xs" ref={tableRef}>
      <DataTable
        label="Shift Details"
        rows={shifts}
        columns={columns}
        getRowId={(s) => s.id}
        initialSort={NEWEST_FIRST}
        isLoading={isLoading}
        isReconnecting={isReconnecting}
        searchLabel="Search shifts"
        emptyDescription="You currently have no shifts"
        noMatchDescription="No shifts match your search"
        renderActions={renderActions}
        actionsLabel="Shift actions"
        onRowContextMenu={onRowContextMenu}
      />
      <Text size="xs" c="dimmed">
        Times in {timeZone.replace(/_/g, ' ')}. Right-click a row or use its menu button for actions.
      </Text>
      <ClockOutDialog
        shift={clockingOut}
        staffName={
          clockingOut ? staffNameLabel(clockingOut.accepted_by, names).replace(/^N\/A$/, 'the staff member') : ''
        }
        onClose={() => setClockingOut(null)}
        onClockedOut={(shift) => applyChange({ type: 'upsert', row: shift })}
        returnFocusTo={rowActionsButton}
      />
      <ConfirmDialog
        isOpen={deleting != null}
        isSubmitting={isDeleting}
        message={deleting ? `Shift ${deleting.id} will be deleted. This cannot be undone.` : undefined}
        confirmLabel="Delete"
        confirmColor="red.8"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        returnFocusTo={rowActionsButton}
      />
    </Stack>
  );
}
