import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ShiftDetailsTable } from '../../../features/shifts/components/ShiftDetailsTable.tsx';
import { useDashboard } from './dashboard-context.ts';

/** /dashboard/shift-info: the company's shifts, live, in its time zone. */
export function ShiftDetailsPage() {
  useDocumentTitle('Shift Details · CareCover');
  const { company } = useDashboard();
  return (
    <>
      <Title order={2} fz="xl">
        Shift Details
      </Title>
      <ShiftDetailsTable companyId={company.id} timeZone={company.time_zone} />
    </>
  );
}
