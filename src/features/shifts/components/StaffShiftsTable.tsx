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
import { useShiftText } from '../shift-text.ts';

interface StaffShiftsTableProps {
  companyId: string;
  staffId: string;
  timeZone: string;
}

/** View Staff Shift (SPEC §2): the shifts one worker accepted from this company, live, with Copy ShiftID. */
export function StaffShiftsTable({ companyId, staffId, timeZone }: StaffShiftsTableProps) {
  const text = useShiftText(timeZone);
  const { t } = text;
  const { shifts, isLoading, error, isReconnecting } = useLiveShifts(companyId, staffId);
  const columns = useMemo(() => staffShiftColumns(text), [text]);
  const renderCard = useMemo(() => shiftCardRenderer({ text }), [text]);
  const [menuFor, setMenuFor] = useState<string | null>(null);

  const renderActions = useCallback(
    (shift: ShiftRow) => (
      <ShiftRowMenu
        shiftId={shift.id}
        isOpen={menuFor === shift.id}
        onOpenChange={(isOpen) => setMenuFor(isOpen ? shift.id : null)}
        onCopy={() => void copyShiftId(shift.id, text)}
      />
    ),
    [menuFor, text],
  );
  const pointerMenu = usePointerMenu<ShiftRow>(() => setMenuFor(null));

  if (error && shifts.length === 0) {
    return <Alert color="red" variant="light" role="alert" title={t('shifts.loadFailed')} />;
  }
  return (
    <Stack gap="xs">
      <DataTable
        label={t('shifts.staffTable.label')}
        rows={shifts}
        columns={columns}
        getRowId={(s) => s.id}
        initialSort={NEWEST_FIRST}
        isLoading={isLoading}
        isReconnecting={isReconnecting}
        searchLabel={t('shifts.search')}
        emptyDescription={t('shifts.staffTable.empty')}
        noMatchDescription={t('shifts.noMatch')}
        renderActions={renderActions}
        renderCard={renderCard}
        cardAccent={shiftCardAccent}
        actionsLabel={t('shifts.menu.actions')}
        onRowContextMenu={pointerMenu.open}
      />
      <RowActionsHint />
      <ShiftContextMenu
        at={pointerMenu.at}
        onClose={pointerMenu.close}
        onCopy={() => pointerMenu.row && void copyShiftId(pointerMenu.row.id, text)}
      />
    </Stack>
  );
}
