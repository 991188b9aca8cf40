/** The columns of Shift Details and View Staff Shift (SPEC §2), with SPEC §8's fallbacks. */
import { VisuallyHidden } from '@mantine/core';
import type { DataColumn } from '@shared/components/DataTable.tsx';
import type { SortValue } from '@shared/lib/table-rows.ts';
import { AttentionBadge } from './components/AttentionBadge.tsx';
import { ShiftStatusBadge } from './components/ShiftStatusBadge.tsx';
import {
  clockedInLabel,
  clockedOutLabel,
  hoursDoneLabel,
  roleOrMissing,
  shiftDurationLabel,
  shiftLocation,
  shiftWhenLabel,
  staffNameLabel,
  statusName,
  timeOrMissing,
} from './shift-display.ts';
import { timeDoneCheck, timeDoneCheckText } from './attendance.ts';
import type { ShiftRow } from './shift-row.ts';
import { SHIFT_STATUSES } from './shift-status.ts';
import type { ShiftText } from './shift-text.ts';
import { isUnfilled, type AttentionReason } from './shift-views.ts';

type Column = DataColumn<ShiftRow>;

const instant = (value: string | null): SortValue => (value ? Date.parse(value) : null);
// Cells are plain elements (see DataTable's rows): a page of rows is hundreds of cells.
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const SHIFT_ID_STYLE = {
  whiteSpace: 'nowrap',
  fontFamily: 'var(--mantine-font-family-monospace)',
  fontSize: 'var(--mantine-font-size-xs)',
} as const;
const nowrap = (text: string) => <span style={NOWRAP}>{text}</span>;
const FLAG_STYLE = { verticalAlign: '-2px', marginInlineStart: 4, color: 'var(--mantine-color-orange-7)' } as const;

/**
 * Start and end each stay whole but may sit on two lines: an overnight shift's label
 * ('Thu, Nov 26, 11:00 PM – Fri, Nov 27, 7:00 AM') would otherwise widen the board past 1440 px.
 */
function whenCell(shift: ShiftRow, text: ShiftText) {
  const [start, end] = shiftWhenLabel(shift, text).split(' – ');
  if (end === undefined) return nowrap(start ?? '');
  return (
    <>
      {nowrap(`${start} –`)} {nowrap(end)}
    </>
  );
}

/** The first 8 characters keep it narrow; the full id is read out, found by search and copied whole. */
export function shiftIdCell(shift: Pick<ShiftRow, 'id'>) {
  return (
    <span title={shift.id} style={SHIFT_ID_STYLE}>
      <span aria-hidden="true">{`${shift.id.slice(0, 8)}…`}</span>
      <span className={VisuallyHidden.classes.root}>{shift.id}</span>
    </span>
  );
}

// A plain SVG element, not a Tabler icon component: on a page of flagged rows it is one element each.
const FLAG_ICON = (
  <svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    style={FLAG_STYLE}
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M12 9v4M12 17h.01M10.24 3.96 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.76 3.96a2 2 0 0 0-3.52 0z" />
  </svg>
);

/** Hours done as entered, with a warning mark when it disagrees with the clock (see attendance.ts). */
export function hoursDoneCell(shift: ShiftRow, text: ShiftText) {
  const check = timeDoneCheck(shift);
  if (!check) return hoursDoneLabel(shift, text);
  const why = timeDoneCheckText(check, text);
  return (
    <span title={why} data-time-done-flag={check.kind}>
      {hoursDoneLabel(shift, text)}
      {FLAG_ICON}
      <span className={VisuallyHidden.classes.root}>({why})</span>
    </span>
  );
}

/** Shifts whose worker is late or did not come, or whose waves are exhausted, by id: the status cell marks them. */
export type ShiftAttention = ReadonlyMap<string, AttentionReason>;
const NO_ATTENTION: ShiftAttention = new Map();

export function shiftColumns(
  text: ShiftText,
  names: ReadonlyMap<string, string | null>,
  attention: ShiftAttention = NO_ATTENTION,
) {
  const { t } = text;
  const time = (key: string, header: string, pick: (s: ShiftRow) => string | null): Column => ({
    key,
    header,
    text: (s) => timeOrMissing(pick(s), text),
    render: (s) => nowrap(timeOrMissing(pick(s), text)),
    sortValue: (s) => instant(pick(s)),
    minWidth: 150,
  });
  const columns = {
    id: {
      key: 'id',
      header: t('shifts.column.id'),
      text: (s) => s.id,
      render: shiftIdCell,
    },
    created: time('created_at', t('shifts.column.created'), (s) => s.created_at),
    when: {
      key: 'starts_at',
      header: t('shifts.column.when'),
      text: (s) => shiftWhenLabel(s, text),
      render: (s) => whenCell(s, text),
      sortValue: (s) => instant(s.starts_at),
    },
    status: {
      key: 'status',
      header: t('shifts.column.status'),
      text: (s) => statusName(s.status, text),
      render: (s) => (
        <span style={NOWRAP}>
          <ShiftStatusBadge status={s.status} isUnfilled={isUnfilled(s)} />
          <AttentionBadge reason={attention.get(s.id)} />
        </span>
      ),
      minWidth: 110,
      sortValue: (s) => {
        const index = (SHIFT_STATUSES as readonly string[]).indexOf(s.status);
        return index < 0 ? null : index;
      },
    },
    staff: {
      key: 'staff',
      header: t('shifts.column.staff'),
      text: (s) => staffNameLabel(s.accepted_by, names, text),
      render: (s) => nowrap(staffNameLabel(s.accepted_by, names, text)),
      minWidth: 100,
    },
    location: { key: 'location', header: t('shifts.column.location'), text: shiftLocation, minWidth: 160 },
    accepted: time('accepted_at', t('shifts.column.accepted'), (s) => s.accepted_at),
    duration: {
      key: 'duration',
      header: t('shifts.column.duration'),
      text: (s) => shiftDurationLabel(s, text),
      render: (s) => nowrap(shiftDurationLabel(s, text)),
      sortValue: (s) => Date.parse(s.ends_at) - Date.parse(s.starts_at),
    },
    skill: { key: 'skill', header: t('shifts.column.skill'), text: (s) => roleOrMissing(s.skill, text), minWidth: 100 },
    staffType: {
      key: 'staff_type',
      header: t('shifts.column.staffType'),
      text: (s) => roleOrMissing(s.staff_type, text),
    },
    hoursDone: {
      key: 'time_done',
      header: t('shifts.column.hoursDone'),
      text: (s) => hoursDoneLabel(s, text),
      render: (s) => hoursDoneCell(s, text),
    },
    clockedIn: {
      key: 'clocked_in_at',
      header: t('shifts.column.clockedIn'),
      text: (s) => clockedInLabel(s, text),
      render: (s) => nowrap(clockedInLabel(s, text)),
      sortValue: (s) => instant(s.clocked_in_at),
      minWidth: 150,
    },
    clockedOut: {
      key: 'clocked_out_at',
      header: t('shifts.column.clockedOut'),
      text: (s) => clockedOutLabel(s, text),
      render: (s) => nowrap(clockedOutLabel(s, text)),
      sortValue: (s) => instant(s.clocked_out_at),
      minWidth: 150,
    },
  } satisfies Record<string, Column>;
  return columns;
}

/**
 * Shift Details: SPEC's ShiftID, Date created, Status, Staff, Shift location, Time accepted,
 * Duration, Skill, Staff type, Hours done, Time clockedin, Time clockedout, plus when the shift
 * runs. All can be shown; the default set (SHIFT_DETAILS_DEFAULT_HIDDEN hidden) fits a 1280 px screen
 * beside the sidebar, "Hours done" included (tests/e2e/controls.test.ts measures it).
 */
export function shiftDetailsColumns(
  text: ShiftText,
  names: ReadonlyMap<string, string | null>,
  attention: ShiftAttention = NO_ATTENTION,
): Column[] {
  const c = shiftColumns(text, names, attention);
  return [
    c.status,
    c.when,
    c.staff,
    c.location,
    c.staffType,
    c.skill,
    c.hoursDone,
    c.clockedIn,
    c.clockedOut,
    c.id,
    c.created,
    c.accepted,
    c.duration,
  ];
}

/** Columns a scheduler turns on when needed: the board shows who, where and when first. */
export const SHIFT_DETAILS_DEFAULT_HIDDEN: readonly string[] = [
  'id',
  'created_at',
  'accepted_at',
  'duration',
  'clocked_in_at',
  'clocked_out_at',
];

/** View Staff Shift: Time accepted, Status, Hours done, Time clockedin, Time clockedout, Shift location, Date created, Staff type, Skill. */
export function staffShiftColumns(text: ShiftText): Column[] {
  const c = shiftColumns(text, new Map());
  return [c.accepted, c.status, c.hoursDone, c.clockedIn, c.clockedOut, c.location, c.created, c.staffType, c.skill];
}

export const NEWEST_FIRST = { key: 'created_at', direction: 'desc' } as const;
