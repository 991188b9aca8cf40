import { useCallback, useRef, useState } from 'react';
import { Stack, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChartBar, IconFileSpreadsheet, IconListDetails } from '@tabler/icons-react';
import { useSearchParams } from '@shared/lib/router.tsx';
import { PanelErrorBoundary } from '@shared/components/PanelErrorBoundary.tsx';
import {
  BOARD_VIEW_QUERY_PARAM,
  idFromParam,
  NEW_SHIFT_QUERY_PARAM,
  TIMELINE_QUERY_PARAM,
} from '@shared/config/dashboard-paths.ts';
import { CoverageOverview } from '../../../features/insights/components/CoverageOverview.tsx';
import { ShiftTimelineDrawer } from '../../../features/insights/components/ShiftTimelineDrawer.tsx';
import { TimesheetExport } from '../../../features/insights/components/TimesheetExport.tsx';
import { ShiftDetailsTable } from '../../../features/shifts/components/ShiftDetailsTable.tsx';
import { BoardTimeOff } from '../../../features/staff/components/BoardTimeOff.tsx';
import { findShiftActionsButton } from '../../../features/shifts/components/ShiftRowMenu.tsx';
import { shiftViewFrom, type ShiftView } from '../../../features/shifts/shift-views.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useDashboard } from './dashboard-context.ts';

type Panel = 'shifts' | 'coverage' | 'timesheet';

/**
 * /dashboard/shift-info: the scheduler's board. The shift table comes first; the coverage overview
 * and the timesheet export are one click away in tabs of their own (they loaded above the table
 * and pushed it a screen down). The open timeline is in the URL (?timeline=<id>), so the assistant's
 * answers can link to it from anywhere in the dashboard, whether or not that shift is in the table.
 * A shift just posted rides in too (?new=<id>), for the table to show and highlight.
 */
export function ShiftDetailsPage() {
  const t = useT();
  useDocumentTitle(t('shifts.documentTitle'));
  const { company } = useDashboard();
  const [panel, setPanel] = useState<Panel>('shifts');
  const [params, setParams] = useSearchParams();
  const timelineFor = idFromParam(params.get(TIMELINE_QUERY_PARAM));
  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setTimelineFor = useCallback((shiftId: string | null) => setParam(TIMELINE_QUERY_PARAM, shiftId), [setParam]);
  // Shift Call's "View on board" (?new=<id>): the table shows and highlights that shift once it has
  // it, then the parameter goes, so a reload or a shared link does not highlight it again.
  const newShiftId = idFromParam(params.get(NEW_SHIFT_QUERY_PARAM));
  const forgetNewShift = useCallback(() => setParam(NEW_SHIFT_QUERY_PARAM, null), [setParam]);
  // A view the person chose outlives the Shifts tab (the other tabs unmount it) and a reload.
  const chosenView = shiftViewFrom(params.get(BOARD_VIEW_QUERY_PARAM));
  const keepView = useCallback((view: ShiftView) => setParam(BOARD_VIEW_QUERY_PARAM, view), [setParam]);
  // The drawer opens from a row's menu: on closing, focus goes back to that row's menu button.
  const pageRef = useRef<HTMLDivElement>(null);
  const lastTimelineFor = useRef<string | null>(null);
  const openTimeline = useCallback(
    (shiftId: string) => {
      lastTimelineFor.current = shiftId;
      setTimelineFor(shiftId);
    },
    [setTimelineFor],
  );
  const rowActionsButton = useCallback(() => findShiftActionsButton(pageRef.current, lastTimelineFor.current), []);
  return (
    <Stack gap="md" ref={pageRef}>
      <Title order={2} fz="xl">
        {t('nav.shiftDetails')}
      </Title>
      {/* min-width 0: Tabs lay out as flex items, which would otherwise grow to the widest table. */}
      <Tabs
        value={panel}
        onChange={(value) => setPanel((value as Panel | null) ?? 'shifts')}
        keepMounted={false}
        miw={0}
        styles={{ panel: { minWidth: 0 } }}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="shifts" leftSection={<IconListDetails size={16} aria-hidden="true" />}>
            {t('shifts.tab.shifts')}
          </Tabs.Tab>
          <Tabs.Tab value="coverage" leftSection={<IconChartBar size={16} aria-hidden="true" />}>
            {t('shifts.tab.coverage')}
          </Tabs.Tab>
          <Tabs.Tab value="timesheet" leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}>
            {t('shifts.tab.timesheet')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="shifts">
          <Stack gap="sm">
            {/* Who is off soon, beside the shifts they will not be offered. Its own boundary: a
              failure here leaves the board standing. */}
            <PanelErrorBoundary label={t('shifts.panel.timeOff')}>
              <BoardTimeOff companyId={company.id} timeZone={company.time_zone} />
            </PanelErrorBoundary>
            <PanelErrorBoundary label={t('shifts.panel.table')}>
              <ShiftDetailsTable
                companyId={company.id}
                timeZone={company.time_zone}
                onViewTimeline={openTimeline}
                newShiftId={newShiftId}
                onNewShiftShown={forgetNewShift}
                initialView={chosenView}
                onViewChosen={keepView}
                repostAfterMinutes={company.no_show_repost_after_minutes}
              />
            </PanelErrorBoundary>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="coverage">
          <PanelErrorBoundary label={t('shifts.panel.coverage')}>
            <CoverageOverview companyId={company.id} timeZone={company.time_zone} />
          </PanelErrorBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="timesheet">
          <PanelErrorBoundary label={t('shifts.panel.timesheet')}>
            <TimesheetExport timeZone={company.time_zone} />
          </PanelErrorBoundary>
        </Tabs.Panel>
      </Tabs>
      <ShiftTimelineDrawer
        shiftId={timelineFor}
        onClose={() => setTimelineFor(null)}
        returnFocusTo={rowActionsButton}
      />
    </Stack>
  );
}
