import { useCallback, useRef, useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PanelErrorBoundary } from '../../../components/PanelErrorBoundary.tsx';
import { CoverageOverview } from '../../../features/insights/components/CoverageOverview.tsx';
import { ShiftTimelineDrawer } from '../../../features/insights/components/ShiftTimelineDrawer.tsx';
import { TimesheetExport } from '../../../features/insights/components/TimesheetExport.tsx';
import { ShiftDetailsTable } from '../../../features/shifts/components/ShiftDetailsTable.tsx';
import { findShiftActionsButton } from '../../../features/shifts/components/ShiftRowMenu.tsx';
import { useDashboard } from './dashboard-context.ts';

/** /dashboard/shift-info: coverage insights over the company's shifts, live, in its time zone. */
export function ShiftDetailsPage() {
  useDocumentTitle('Shift Details · CareCover');
  const { company } = useDashboard();
  const [timelineFor, setTimelineFor] = useState<string | null>(null);
  // The drawer opens from a row's menu: on closing, focus goes back to that row's menu button.
  const pageRef = useRef<HTMLDivElement>(null);
  const lastTimelineFor = useRef<string | null>(null);
  const openTimeline = useCallback((shiftId: string) => {
    lastTimelineFor.current = shiftId;
    setTimelineFor(shiftId);
  }, []);
  const rowActionsButton = useCallback(() => findShiftActionsButton(pageRef.current, lastTimelineFor.current), []);
  return (
    <Stack gap="md" ref={pageRef}>
      <Title order={2} fz="xl">
        Shift Details
      </Title>
      <PanelErrorBoundary label="the coverage overview">
        <CoverageOverview companyId={company.id} timeZone={company.time_zone} />
      </PanelErrorBoundary>
      <PanelErrorBoundary label="the timesheet export">
        <TimesheetExport timeZone={company.time_zone} />
      </PanelErrorBoundary>
      <PanelErrorBoundary label="the shift table">
        <ShiftDetailsTable companyId={company.id} timeZone={company.time_zone} onViewTimeline={openTimeline} />
      </PanelErrorBoundary>
      <ShiftTimelineDrawer
        shiftId={timelineFor}
        onClose={() => setTimelineFor(null)}
        returnFocusTo={rowActionsButton}
      />
    </Stack>
  );
}
