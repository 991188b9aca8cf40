import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { CoverageOverview } from '../../../features/insights/components/CoverageOverview.tsx';
import { ShiftTimelineDrawer } from '../../../features/insights/components/ShiftTimelineDrawer.tsx';
import { TimesheetExport } from '../../../features/insights/components/TimesheetExport.tsx';
import { ShiftDetailsTable } from '../../../features/shifts/components/ShiftDetailsTable.tsx';
import { useDashboard } from './dashboard-context.ts';

/** /dashboard/shift-info: coverage insights over the company's shifts, live, in its time zone. */
export function ShiftDetailsPage() {
  useDocumentTitle('Shift Details · CareCover');
  const { company } = useDashboard();
  const [timelineFor, setTimelineFor] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Shift Details
      </Title>
      <CoverageOverview companyId={company.id} timeZone={company.time_zone} />
      <TimesheetExport timeZone={company.time_zone} />
      <ShiftDetailsTable companyId={company.id} timeZone={company.time_zone} onViewTimeline={setTimelineFor} />
      <ShiftTimelineDrawer shiftId={timelineFor} onClose={() => setTimelineFor(null)} />
    </Stack>
  );
}
