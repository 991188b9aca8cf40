import { useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { ActionIcon, Alert, Menu } from '@mantine/core';
import { IconCalendarEvent, IconDotsVertical } from '@tabler/icons-react';
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx';
import { useLiveStaff } from '../hooks/use-live-staff.ts';
import { formatPhone, orMissing, type StaffMember } from '../staff-member.ts';

interface StaffListTableProps {
  companyId: string;
  /** View Shifts: the page decides where that goes. */
  onViewShifts: (staff: StaffMember) => void;
  /** Told how many staff the company employs whenever that changes (the page checks plan limits). */
  onStaffCount?: (count: number) => void;
}

const columns: DataColumn<StaffMember>[] = [
  { key: 'first_name', header: 'First name', text: (s) => orMissing(s.first_name), minWidth: 130 },
  { key: 'last_name', header: 'Last name', text: (s) => orMissing(s.last_name), minWidth: 130 },
  {
    key: 'email',
    header: 'Email',
    text: (s) => orMissing(s.email),
    render: (s) => <span style={{ whiteSpace: 'nowrap' }}>{orMissing(s.email)}</span>,
  },
  {
    key: 'phone',
    header: 'Phone',
    text: (s) => formatPhone(s.phone),
    sortValue: (s) => s.phone?.replace(/\D/g, '') || null,
    minWidth: 140,
  },
];

/** Staff List (SPEC §2): the employed staff, live, with View Shifts on right-click or the row's menu button. */
export function StaffListTable({ companyId, onViewShifts, onStaffCount }: StaffListTableProps) {
  const { staff, isLoading, error, isReconnecting } = useLiveStaff(companyId);
  const count = staff.length;
  useEffect(() => {
    if (!isLoading) onStaffCount?.(count);
  }, [count, isLoading, onStaffCount]);
  const [menuFor, setMenuFor] = useState<string | null>(null);

  const renderActions = useCallback(
    (member: StaffMember) => {
      const name = `${member.first_name} ${member.last_name}`.trim() || member.email;
      return (
        <Menu
          opened={menuFor === member.id}
          onChange={(isOpen) => setMenuFor(isOpen ? member.id : null)}
          position="bottom-start"
          shadow="md"
          width={180}
        >
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
              <IconDotsVertical size={18} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconCalendarEvent size={16} aria-hidden="true" />}
              onClick={() => onViewShifts(member)}
            >
              View Shifts
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      );
    },
    [menuFor, onViewShifts],
  );
  const onRowContextMenu = useCallback((member: StaffMember, event: MouseEvent) => {
    event.preventDefault();
    setMenuFor(member.id);
  }, []);
  const initialSort = useMemo(() => ({ key: 'first_name', direction: 'asc' as const }), []);

  if (error && staff.length === 0) {
    return <Alert color="red" variant="light" role="alert" title="Failed to load staff" />;
  }
  return (
    <DataTable
      label="Staff List"
      rows={staff}
      columns={columns}
      getRowId={(s) => s.id}
      initialSort={initialSort}
      isLoading={isLoading}
      isReconnecting={isReconnecting}
      searchLabel="Search staff"
      emptyDescription="You currently have no staff. Staff join with your company code in the CareCover app."
      noMatchDescription="No staff match your search"
      renderActions={renderActions}
      actionsLabel="Staff actions"
      onRowContextMenu={onRowContextMenu}
    />
  );
}
