// What a reply says, whatever its language: the tool results shaped into the facts a reply states
// (who works which shift, who ranks first, who is free, the shifts a staff member holds…). The
// English replies (replies.ts) and the French ones (replies-fr*.ts) both read them, so the two
// languages always state the same facts and only their words differ.
import type {
  Attendance,
  CoverAnswer,
  PlanUsage,
  ShiftList,
  ShiftSummary,
  StaffDetails,
  StaffList,
  StaffRanking,
  StaffRef,
} from '../tools/types.ts';
import type { AttendanceQuery, AvailableQuery, RankingQuery, ShiftsQuery, When } from './queries.ts';
import { localTime, startOfWeek, validZone } from './zone.ts';

/** Shifts a list shows before "and N more". */
export const LIST_LIMIT = 10;
/** Staff members a list shows: every one the tools return (list_staff and staff_ranking give up to 50). */
export const STAFF_LIST_LIMIT = 50;

/** Whether the whole period lies before now (the replies then speak in the past). */
export const isPastPeriod = (when: When | undefined, now: Date): boolean =>
  when?.period.before !== undefined && Date.parse(when.period.before) <= now.getTime();

export const hasStarted = (shift: ShiftSummary, now: Date): boolean => Date.parse(shift.starts_at) <= now.getTime();

export const hasEnded = (shift: ShiftSummary, now: Date): boolean => Date.parse(shift.ends_at) <= now.getTime();

// Shifts ---------------------------------------------------------------------------------------------

/**
 * Statuses named together ("pending and assigned"): how many shifts each named status has, in the
 * order asked; null when the question named one status or the lists do not match it.
 */
export function statusGroupTotals(query: ShiftsQuery, lists: readonly ShiftList[]): number[] | null {
  if (!query.each || lists.length !== query.statuses.length) return null;
  const totals = new Map(query.statuses.map((st, i) => [st, lists[i]?.total ?? 0]));
  return query.each.map((g) => g.statuses.reduce((n, st) => n + (totals.get(st) ?? 0), 0));
}

/** The shifts of a list that have started, soonest first. */
export const startedShifts = (list: ShiftList, now: Date): ShiftSummary[] =>
  list.shifts.filter((s) => hasStarted(s, now));

/** Who works the shifts of a list ("who is working tomorrow?"). */
export interface WhoWorks {
  /** Each staff member's shifts, one entry a person, in the list's order. */
  people: ShiftSummary[][];
  /** Accepted shifts that started without a clock-in: not work done, listed apart. */
  notClockedIn: ShiftSummary[];
  /** Shifts nobody accepted. */
  open: ShiftSummary[];
}

export function whoWorks(list: ShiftList, now: Date): WhoWorks {
  const missed = (s: ShiftSummary): boolean => Boolean(s.accepted_by) && !s.clocked_in_at && hasStarted(s, now);
  const people = new Map<string, ShiftSummary[]>();
  for (const s of list.shifts.filter((shift) => shift.accepted_by && !missed(shift))) {
    const key = (s.accepted_by as StaffRef).id;
    people.set(key, [...(people.get(key) ?? []), s]);
  }
  return {
    people: [...people.values()],
    notClockedIn: list.shifts.filter(missed),
    open: list.shifts.filter((s) => !s.accepted_by),
  };
}

/** The people on the in-progress shifts of a list. */
export const peopleOnShift = (list: ShiftList): number => new Set(list.shifts.map((s) => s.accepted_by?.id)).size;

// Staff ----------------------------------------------------------------------------------------------

/** The shift a staff member is on now (in progress), if any. */
export const currentShift = (details: StaffDetails): ShiftSummary | undefined =>
  [details.last_shift, ...details.shifts].find((s) => s?.status === 'In-progress') ?? undefined;

/** A staff member's shifts: the upcoming ones first, then the past ones newest first, each once. */
export function everyShift(details: StaffDetails): ShiftSummary[] {
  const seen = new Set<string>();
  return [...details.upcoming, ...[...details.shifts].reverse()].filter((s) => !seen.has(s.id) && seen.add(s.id));
}

/** A staff member's completed shifts of the period, newest first. */
export const completedNewestFirst = (details: StaffDetails): ShiftSummary[] =>
  details.shifts.filter((s) => s.status === 'Completed').reverse();

// Rankings -------------------------------------------------------------------------------------------

export type RankingRow = StaffRanking['rows'][number];

/** The ranking's rows in the order asked: by value, or by completed shifts. */
export const rankingRows = (query: RankingQuery, ranking: StaffRanking): RankingRow[] =>
  query.byShifts ? [...ranking.rows].sort((a, b) => b.shifts - a.shifts) : [...ranking.rows];

/**
 * The bottom of a ranking, lowest first: the staff with nothing at all (no row) before the rows,
 * except for the time to accept, which only those who accepted have.
 */
export function bottomRows(
  query: RankingQuery,
  rows: readonly RankingRow[],
  staff: StaffList | undefined,
): RankingRow[] {
  const zero =
    query.metric === 'fastest_to_accept'
      ? []
      : (staff?.staff ?? [])
          .filter((s) => !rows.some((r) => r.staff.id === s.id))
          .map((s) => ({ staff: { id: s.id, name: s.name }, value: 0, shifts: 0 }));
  return [...zero, ...[...rows].reverse()];
}

/** The rows tied with the first one on `by` (the ranking's value, or its completed shifts). */
export function tiedFirst(rows: readonly RankingRow[], by: 'value' | 'shifts' = 'value'): RankingRow[] {
  const first = rows[0];
  return first ? rows.filter((r) => r[by] === first[by]) : [];
}

/** Total hours and completed shifts of a most_hours ranking (every staff member's). */
export const hoursTotals = (ranking: StaffRanking): { hours: number; shifts: number } => ({
  hours: ranking.rows.reduce((sum, r) => sum + r.value, 0),
  shifts: ranking.rows.reduce((sum, r) => sum + r.shifts, 0),
});

/** The staff who accepted no shift in the period (no most_accepted row, or a zero one). */
export const idleStaff = (staff: StaffList, ranking: StaffRanking): StaffList['staff'] =>
  staff.staff.filter((s) => !ranking.rows.some((r) => r.staff.id === s.id && r.value > 0));

/** Who is free in a period ("which PSWs are free tomorrow?"), as the staff list and the period's shifts say. */
export interface Availability {
  employed: number;
  /** Employed staff with no staff type recorded (only with a staff type asked about). */
  unrecorded: number;
  /** A staff type was asked about and no one has one recorded: nothing can be said about it. */
  noStaffTypes: boolean;
  /** A staff type was asked about and nobody of it (among those recorded) works for the agency. */
  noneOfType: boolean;
  /** The staff (of the type) with no shift with the agency in the period. */
  free: StaffList['staff'];
  /** The period's shifts still pending that have not started. */
  pending: ShiftSummary[];
}

export function availability(query: AvailableQuery, staff: StaffList, list: ShiftList, now: Date): Availability {
  const unrecorded = staff.without_staff_type ?? 0;
  const employed = staff.employed ?? staff.total;
  const busy = new Set(list.shifts.map((s) => s.accepted_by?.id).filter(Boolean));
  return {
    employed,
    unrecorded,
    noStaffTypes: Boolean(query.staffType) && employed > 0 && unrecorded === employed,
    noneOfType: Boolean(query.staffType) && staff.total === 0,
    free: staff.staff.filter((s) => !busy.has(s.id)),
    pending: list.shifts.filter((s) => s.status === 'Pending' && !hasStarted(s, now)),
  };
}

/** Staff of a type are counted and listed only when asked for a list, or when there are few. */
export const listsStaff = (count: boolean, total: number, limit: number): boolean => !count || total <= limit;

// Attendance, plan -----------------------------------------------------------------------------------

/** "Who is late the most?": those with the most late clock-ins or no-shows (as asked), tied first. */
export function attendanceLeaders(
  query: AttendanceQuery,
  attendance: Attendance,
): { staff: StaffRef[]; times: number } | null {
  const counts = attendance.by_staff.map((b) => ({
    staff: b.staff,
    n: (query.aspect === 'no_show' ? 0 : b.late) + (query.aspect === 'late' ? 0 : b.no_shows),
  }));
  const ranked = counts.filter((c) => c.n > 0).sort((x, y) => y.n - x.n);
  const best = ranked[0];
  if (!best) return null;
  return { staff: ranked.filter((r) => r.n === best.n).map((r) => r.staff), times: best.n };
}

/** What the free plan still allows. */
export const planLeft = (usage: PlanUsage): { shifts: number; staff: number } => ({
  shifts: Math.max(0, (usage.shift_limit ?? 0) - usage.shifts_used),
  staff: Math.max(0, (usage.staff_limit ?? 0) - usage.staff_count),
});

// Who can cover ----------------------------------------------------------------------------------------

/** Whether an instant falls in the week (Monday to Sunday, the agency's zone) of now. */
export function inThisWeek(iso: string, timeZone: string, now: Date): boolean {
  const zone = validZone(timeZone);
  const week = (instant: number) => {
    const day = startOfWeek(localTime(instant, zone));
    return `${day.y}-${day.m}-${day.d}`;
  };
  return week(Date.parse(iso)) === week(now.getTime());
}

/** The commonest reasons that stop staff from taking a shift, at most three. */
export const commonestReasons = (answer: CoverAnswer): CoverAnswer['reason_counts'] => answer.reason_counts.slice(0, 3);

/** "Last worked … km away" is said unless they worked right here (0 km from this very address). */
export const saysDistance = (candidate: { worked_here: boolean; distance_km: number | null }): boolean =>
  candidate.distance_km !== null && !(candidate.worked_here && candidate.distance_km === 0);
