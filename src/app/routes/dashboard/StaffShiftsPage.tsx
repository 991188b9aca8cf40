import { useMemo } from 'react';
import { Button, Group, SimpleGrid, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { NoResult } from '@shared/components/NoResult.tsx';
import { PanelErrorBoundary } from '@shared/components/PanelErrorBoundary.tsx';
import { dashboardPaths, idFromParam, STAFF_QUERY_PARAM } from '@shared/config/dashboard-paths.ts';
import { StaffShiftsTable } from '../../../features/shifts/components/StaffShiftsTable.tsx';
import { StaffCredentials } from '../../../features/staff/components/StaffCredentials.tsx';
import { StaffQualifications } from '../../../features/staff/components/StaffQualifications.tsx';
import { StaffReliabilityPanel } from '../../../features/staff/components/StaffReliabilityPanel.tsx';
import { StaffTimeOff } from '../../../features/staff/components/StaffTimeOff.tsx';
import { useStaffNames } from '../../../features/shifts/hooks/use-staff-names.ts';
import { staffNameLabel } from '../../../features/shifts/shift-display.ts';
import { useDashboard } from './dashboard-context.ts';

/** /dashboard/view?staff=<id>: View Staff Shift, from the URL alone so a reload or a shared link works. */
export function StaffShiftsPage() {
  useDocumentTitle('Staff Shifts · CareCover');
  const { company } = useDashboard();
  const [params] = useSearchParams();
  const staffId = idFromParam(params.get(STAFF_QUERY_PARAM));
  const ids = useMemo(() => (staffId ? [staffId] : []), [staffId]);
  const names = useStaffNames(ids);
  const name = staffId ? staffNameLabel(staffId, names) : null;

  return (
    <>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="xl">
          {name && name !== 'N/A' && name !== 'Loading...' ? `Shifts of ${name}` : 'Staff shifts'}
        </Title>
        <Button
          component={Link}
          to={dashboardPaths.staff}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        >
          Back
        </Button>
      </Group>
      {staffId ? (
        <>
          <PanelErrorBoundary label="the reliability">
            <StaffReliabilityPanel staffId={staffId} />
          </PanelErrorBoundary>
          <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
            <PanelErrorBoundary label="the qualifications">
              <StaffQualifications companyId={company.id} staffId={staffId} />
            </PanelErrorBoundary>
            <PanelErrorBoundary label="the credentials">
              <StaffCredentials
                staffId={staffId}
                verifier={company.company_name ?? 'your agency'}
                timeZone={company.time_zone}
              />
            </PanelErrorBoundary>
            <PanelErrorBoundary label="the time off">
              <StaffTimeOff staffId={staffId} timeZone={company.time_zone} />
            </PanelErrorBoundary>
          </SimpleGrid>
          <StaffShiftsTable companyId={company.id} staffId={staffId} timeZone={company.time_zone} />
        </>
      ) : (
        <NoResult description="Choose a staff member in the Staff List to see their shifts" />
      )}
    </>
  );
}
