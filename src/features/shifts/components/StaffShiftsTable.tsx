import { useCallback, useMemo, useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { usePointerMenu } from '@shared/lib/use-pointer-menu.ts';
import { DataTable } from '@shared/components/DataTable.tsx';
import { shiftCardAccent, shiftCardRenderer } from './ShiftCard.tsx';
import { RowActionsHint } from '@shared/components/RowActionsHint.tsx';
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
  const renderCard = useMemo(() => shiftCardRenderer({ timeZone }), [timeZone]);
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
  const pointerMenu = usePointerMenu<ShiftRow>(() => setMenuFor(null));

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
        renderCard={renderCard}
        cardAccent={shiftCardAccent}
        actionsLabel="Shift actions"
        onRowContextMenu={pointerMenu.open}
      />
      <RowActionsHint />
      <ShiftContextMenu
        at={pointerMenu.at}
        onClose={pointerMenu.close}
        onCopy={() => pointerMenu.row && void copyShiftId(pointerMenu.row.id)}
      />
    </Stack>
  );
}
