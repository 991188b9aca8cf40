import { useCallback } from 'react';
import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import { staffShiftsPath } from '../../../config/dashboard-paths.ts';
import { StaffListTable } from '../../../features/staff/components/StaffListTable.tsx';
import type { StaffMember } from '../../../features/staff/staff-member.ts';
import { useDashboard } from './dashboard-context.ts';

/** /dashboard/staff: the employed staff; View Shifts opens /dashboard/view?staff=<id>. */
export function StaffListPage() {
  useDocumentTitle('Staff List · CareCover');
  const { company } = useDashboard();
  const navigate = useNavigate();
  const onViewShifts = useCallback((staff: StaffMember) => navigate(staffShiftsPath(staff.id)), [navigate]);
  return (
    <>
      <Title order={2} fz="xl">
        Staff List
      </Title>
      <StaffListTable companyId={company.id} onViewShifts={onViewShifts} />
    </>
  );
}
