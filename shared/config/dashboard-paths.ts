/**
 * The dashboard's child routes. Route strings live in shared/config; these sit apart from paths.ts so
 * they ship in the dashboard's lazy chunk rather than in the entry chunk the public pages load.
 */
import { paths } from './paths.ts';

export const dashboardPaths = {
  shiftCall: paths.dashboardShiftCall,
  chat: `${paths.dashboard}/chat`,
  shiftInfo: `${paths.dashboard}/shift-info`,
  staff: `${paths.dashboard}/staff`,
  view: `${paths.dashboard}/view`,
} as const;

/** View Staff Shift's query parameter: the worker rides in the URL so the page survives a reload and can be shared. */
export const STAFF_QUERY_PARAM = 'staff';

/** '/dashboard/view?staff=<id>' */
export function staffShiftsPath(staffId: string): string {
  return `${dashboardPaths.view}?${STAFF_QUERY_PARAM}=${encodeURIComponent(staffId)}`;
}

/**
 * Shift Details' query parameter for the open timeline drawer: the shift rides in the URL so any
 * part of the dashboard (the assistant's answers) can open it, and a reload keeps it open.
 */
export const TIMELINE_QUERY_PARAM = 'timeline';

/** '/dashboard/shift-info?timeline=<id>' */
export function shiftTimelinePath(shiftId: string): string {
  return `${dashboardPaths.shiftInfo}?${TIMELINE_QUERY_PARAM}=${encodeURIComponent(shiftId)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id from a query parameter, lower-cased; null when absent or not an id (a typo, an old link). */
export function idFromParam(raw: string | null): string | null {
  const value = raw?.trim() ?? '';
  return UUID.test(value) ? value.toLowerCase() : null;
}

/** Shift Details' query parameter for a shift just posted: the board shows it and highlights it briefly. */
export const NEW_SHIFT_QUERY_PARAM = 'new';

/** The board's view a person chose (?view=all): kept across its tabs, a reload and the back button. */
export const BOARD_VIEW_QUERY_PARAM = 'view';

/** '/dashboard/shift-info?new=<id>' */
export function newShiftOnBoardPath(shiftId: string): string {
  return `${dashboardPaths.shiftInfo}?${NEW_SHIFT_QUERY_PARAM}=${encodeURIComponent(shiftId)}`;
}
