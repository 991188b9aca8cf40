import { useMemo } from 'react';
import { Button, Group, SimpleGrid, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from '@shared/lib/router.tsx';
import { NoResult } from '@shared/components/NoResult.tsx';
import { PanelErrorBoundary } from '@shared/components/PanelErrorBoundary.tsx';
import { dashboardPaths, idFromParam, STAFF_QUERY_PARAM } from '@shared/config/dashboard-paths.ts';
import { StaffShiftsTable } from '../../../features/shifts/components/StaffShiftsTable.tsx';
import { StaffCredentials } from '../../../features/staff/components/StaffCredentials.tsx';
import { StaffQualifications } from '../../../features/staff/components/StaffQualifications.tsx';
import { StaffReliabilityPanel } from '../../../features/staff/components/StaffReliabilityPanel.tsx';
import { StaffTimeOff } from '../../../features/staff/components/StaffTimeOff.tsx';
import { useStaffNames } from '../../../features/shifts/hooks/use-staff-names.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useDashboard } from './dashboard-context.ts';

/** /dashboard/view?staff=<id>: View Staff Shift, from the URL alone so a reload or a shared link works. */
export function StaffShiftsPage() {
  const t = useT();
  useDocumentTitle(t('worker.documentTitle'));
  const { company } = useDashboard();
  const [params] = useSearchParams();
  const staffId = idFromParam(params.get(STAFF_QUERY_PARAM));
  const ids = useMemo(() => (staffId ? [staffId] : []), [staffId]);
  const names = useStaffNames(ids);
  // The worker's name once it has loaded (none while it loads, or for a worker without one).
  const name = (staffId && names.get(staffId)?.trim()) || null;

  return (
    <>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="xl">
          {name ? t('worker.title', { name }) : t('worker.titleFallback')}
        </Title>
        <Button
          component={Link}
          to={dashboardPaths.staff}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        >
          {t('worker.back')}
        </Button>
      </Group>
      {staffId ? (
        <>
          <PanelErrorBoundary label={t('worker.panel.reliability')}>
            <StaffReliabilityPanel staffId={staffId} />
          </PanelErrorBoundary>
          <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
            <PanelErrorBoundary label={t('worker.panel.qualifications')}>
              <StaffQualifications companyId={company.id} staffId={staffId} />
            </PanelErrorBoundary>
            <PanelErrorBoundary label={t('worker.panel.credentials')}>
              <StaffCredentials
                staffId={staffId}
                verifier={company.company_name?.trim() || null}
                timeZone={company.time_zone}
              />
            </PanelErrorBoundary>
            <PanelErrorBoundary label={t('worker.panel.timeOff')}>
              <StaffTimeOff staffId={staffId} timeZone={company.time_zone} />
            </PanelErrorBoundary>
          </SimpleGrid>
          <StaffShiftsTable companyId={company.id} staffId={staffId} timeZone={company.time_zone} />
        </>
      ) : (
        <NoResult description={t('worker.noneChosen')} />
      )}
    </>
  );
}
