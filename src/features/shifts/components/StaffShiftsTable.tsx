import { useCallback, useMemo, useState, type MouseEvent } from 'react';
import { Alert, Stack } from '@mantine/core';
import { DataTable } from '../../../components/DataTable.tsx';
import { RowActionsHint } from '../../../components/RowActionsHint.tsx';
import { copyShiftId } from '../copy-shift-id.ts';
import { useLiveShifts } from '../hooks/use-live-shifts.ts';
import { NEWEST_FIRST, staffShiftColumns } from '../shift-columns.tsx';
import type { ShiftRow } from '../shift-row.ts';
import { ShiftContextMenu, ShiftRowMenu } from './ShiftRowMenu.tsx';

interface StaffShiftsTableProps {
  companyId: string;
  staffId: string;
  timeZone: string;
}

/** View Staff Shift (SPEC §2): the shifts one worker accepted from this company, live, with Copy ShiftID. */
export function StaffShiftsTable({ companyId, staffId, timeZone }: StaffShiftsTableProps) {
  const { shifts, isLoading, error, isReconnecting } = useLiveShifts(companyId, staffId);
  const columns = useMemo(() => staffShiftColumns(timeZone), [timeZone]);
  const [menuFor, setMenuFor] = useState<string | null>(null);

  const renderActions = useCallback(
    (shift: ShiftRow) => (
      <ShiftRowMenu
        shiftId={shift.id}
        isOpen={menuFor === shift.id}
        onOpenChange={(isOpen) => setMenuFor(isOpen ? shift.id : null)}
        onCopy={() => void copyShiftId(shift.id)}
      />
    ),
    [menuFor],
  );
  const [contextMenu, setContextMenu] = useState<{ shift: ShiftRow; x: number; y: number } | null>(null);
  const onRowContextMenu = useCallback((shift: ShiftRow, event: MouseEvent) => {
    event.preventDefault();
    setMenuFor(null);
    setContextMenu({ shift, x: event.clientX, y: event.clientY });
  }, []);

  if (error && shifts.length === 0) {
    return <Alert color="red" variant="light" role="alert" title="Failed to load shifts" />;
  }
  return (
    <Stack gap="xs">
      <DataTable
        label="Staff shifts"
        rows={shifts}
        columns={columns}
        getRowId={(s) => s.id}
        initialSort={NEWEST_FIRST}
        isLoading={isLoading}
        isReconnecting={isReconnecting}
        searchLabel="Search shifts"
        emptyDescription="This staff member has no shifts with you yet"
        noMatchDescription="No shifts match your search"
        renderActions={renderActions}
        actionsLabel="Shift actions"
        onRowContextMenu={onRowContextMenu}
      />
      <RowActionsHint />
      <ShiftContextMenu
        at={contextMenu && { x: contextMenu.x, y: contextMenu.y }}
        onClose={() => setContextMenu(null)}
        onCopy={() => contextMenu && void copyShiftId(contextMenu.shift.id)}
      />
    </Stack>
  );
}
