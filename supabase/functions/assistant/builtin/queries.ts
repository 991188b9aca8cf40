// What a question asks for, as a typed query, and the tool calls that answer it. The intent parser
// (intents.ts) produces queries; the replies (replies.ts) phrase their results.
import type {
  Period,
  RankingMetric,
  Reference,
  ShiftStatus,
  StaffRef,
  StaffSummary,
  ToolArgs,
  ToolName,
} from '../tools/types.ts';

// Queries ---------------------------------------------------------------------------------------------

export type ToolCall = { [N in ToolName]: { name: N; args: ToolArgs<N> } }[ToolName];

/** A period as asked, with the words for the reply. */
export interface When {
  period: Period;
  label: string;
}

export interface ShiftsQuery {
  type: 'shifts';
  /** Empty: any status. Several: one find_shifts call each, merged. */
  statuses: ShiftStatus[];
  /** How the user said it ("unfilled", "covered"), for the reply. */
  statusWord?: string;
  when?: When;
  staff?: StaffRef;
  address?: string;
  addressWord?: 'at' | 'on' | 'in';
  skill?: string;
  /** The skill as the user said it ("behavioural support"), for the reply. */
  skillLabel?: string;
  staffType?: string;
  /** Tried when `staffType` finds nothing ("PSW" ↔ "Personal Support Worker"). */
  staffTypeAlternate?: string;
  count: boolean;
  /**
   * list; who works them; the first coming one; the latest one; details when exactly one matches;
   * whether every shift is covered (the pending ones, if any).
   */
  view: 'list' | 'who' | 'first' | 'latest' | 'recent' | 'one' | 'covered';
  /** "the shift at 111 Wellington": its details when the address has one shift. */
  detailsIfOne?: boolean;
  /** "next 5 shifts": list that many. */
  take?: number;
  /** Statuses named together ("pending and assigned shifts"): the reply counts each. */
  each?: StatusGroup[];
}
/** A status as the user named it; "filled" may stand for several. */
export interface StatusGroup {
  statuses: ShiftStatus[];
  word: string;
}
export interface OpenSoonQuery {
  type: 'open_soon';
  hours: number;
  label: string;
  count: boolean;
}
export interface ShiftDetailsQuery {
  type: 'shift_details';
  shiftId: string;
}
export interface CountsQuery {
  type: 'counts';
  when?: When;
  statuses: ShiftStatus[];
  statusWord?: string;
  /** "How many are pending and how many assigned?": each status counted apart. */
  each?: StatusGroup[];
}
export type StaffAspect = 'overview' | 'shifts' | 'hours' | 'last' | 'next' | 'contact' | 'on_shift' | 'count';
export interface StaffQuery {
  type: 'staff';
  staff: StaffSummary;
  aspect: StaffAspect;
  when?: When;
}
export interface StaffListQuery {
  type: 'staff_list';
  count: boolean;
  /** "How many nurses do we have?": a staff type asked about, as recorded on each worker's page. */
  staffType?: string;
  /** The same type's other name ("RN" for "nurse"), either of which counts. */
  staffTypeAlternate?: string;
}
export interface OnShiftQuery {
  type: 'on_shift';
}
export interface RankingQuery {
  type: 'ranking';
  metric: RankingMetric;
  when?: When;
  limit: number;
  order: 'top' | 'bottom';
  /** Rank by the number of completed shifts (most_hours rows carry it) instead of the value. */
  byShifts?: boolean;
}
export interface AvailableQuery {
  type: 'available';
  when: When;
  /** "Which PSWs are free?": a staff type asked about, as recorded on each worker's page. */
  staffType?: string;
  staffTypeAlternate?: string;
}
export interface HoursTotalQuery {
  type: 'hours_total';
  when?: When;
}
export interface InactiveQuery {
  type: 'inactive';
  when?: When;
}
export interface AttendanceQuery {
  type: 'attendance';
  aspect: 'late' | 'no_show' | 'both';
  when?: When;
  staff?: StaffRef;
  /** "Who is late the most?": who comes first by count. */
  rank?: boolean;
}
export interface FillQuery {
  type: 'fill';
  aspect: 'rate' | 'time' | 'unfilled' | 'all';
  when?: When;
}
export interface PlanQuery {
  type: 'plan';
  aspect: 'shifts' | 'staff' | 'questions' | 'all';
  /** "Am I on the premium plan?": a yes-or-no question. */
  askedPremium?: boolean;
}

/**
 * Who can cover one shift (who_can_cover): the tool's arguments say which shift and whom to explain;
 * the rest is for the reply.
 */
export interface CoverQuery {
  type: 'cover';
  args: ToolArgs<'who_can_cover'>;
  /** How the question described the shift ("PSW shifts tonight", "held by Jordan Singh"), for "I could not find …". */
  label: string;
  /** The staff member the question wants replaced ("replace Jordan", "cover for Jordan who didn't show up"). */
  replacing?: StaffRef;
  /** "Why can't Ana take it?", "can Ana take it?": whose answer leads the reply. */
  asked?: StaffRef;
  /** The period the question named, for a French reply's "I could not find …" (the label is English). */
  when?: When;
  /** The skill as the user said it ("dementia care") and the word before the address, for the same. */
  skillLabel?: string;
  addressWord?: 'at' | 'on' | 'in';
}

export type Query =
  | CoverQuery
  | ShiftsQuery
  | OpenSoonQuery
  | ShiftDetailsQuery
  | CountsQuery
  | StaffQuery
  | StaffListQuery
  | OnShiftQuery
  | RankingQuery
  | HoursTotalQuery
  | AvailableQuery
  | InactiveQuery
  | AttendanceQuery
  | FillQuery
  | PlanQuery;

export type Plan =
  | {
      kind: 'tool';
      query: Query;
      calls: ToolCall[];
      /** Words of the question that are nobody's name, no place and no known word: left out, and said so. */
      ignored?: string[];
    }
  | {
      kind: 'clarify';
      reply: string;
      references: Reference[];
      /** The same question in French, for a French question (else FRENCH_CLARIFY's, or the English). */
      french?: string;
    }
  | {
      kind: 'unsupported';
      reply: string;
      /** The same reply in French, for a French question. */
      french?: string;
    };

export interface PlanContext {
  timeZone: string;
  now: Date;
  companyName?: string;
}

const LIST_ROWS = 10;
const MANY_ROWS = 50;

const periodArgs = (when: When | undefined): Period => ({ ...(when?.period ?? {}) });

/** The tool calls that answer a query. */
export function callsFor(query: Query, now: Date): ToolCall[] {
  switch (query.type) {
    case 'shifts': {
      const base: ToolArgs<'find_shifts'> = { ...periodArgs(query.when) };
      if ((query.view === 'latest' || query.view === 'recent') && !query.when) {
        base.from = new Date(now.getTime() - 30 * 86_400_000).toISOString();
        base.before = now.toISOString();
      }
      if (query.view === 'first' && !base.from) base.from = now.toISOString();
      if (query.staff) base.staff_id = query.staff.id;
      if (query.address) base.address = query.address;
      if (query.skill) base.skill = query.skill;
      if (query.staffType) base.staff_type = query.staffType;
      base.limit = ['who', 'latest', 'recent'].includes(query.view) ? MANY_ROWS : LIST_ROWS;
      if (query.statuses.length === 0) return [{ name: 'find_shifts', args: base }];
      return query.statuses.map((status) => ({ name: 'find_shifts', args: { ...base, status } }));
    }
    case 'open_soon':
      return [{ name: 'open_shifts_starting_within', args: { hours: query.hours } }];
    case 'shift_details':
      return [{ name: 'shift_details', args: { shift_id: query.shiftId } }];
    case 'counts':
      return [{ name: 'shift_counts', args: periodArgs(query.when) }];
    case 'staff':
      if (query.aspect === 'contact') return [];
      return [{ name: 'staff_details', args: { staff_id: query.staff.id, ...periodArgs(query.when) } }];
    case 'staff_list':
      return [{ name: 'list_staff', args: { limit: MANY_ROWS, ...staffTypesArg(query) } }];
    case 'on_shift':
      // In-progress shifts of this agency, not the staff's on-shift flag: they may be on another
      // agency's shift.
      return [{ name: 'find_shifts', args: { status: 'In-progress', limit: MANY_ROWS } }];
    case 'ranking': {
      const args: ToolArgs<'staff_ranking'> = {
        metric: query.metric,
        ...periodArgs(query.when),
        limit: query.order === 'bottom' ? MANY_ROWS : query.limit,
      };
      if (query.order === 'top') return [{ name: 'staff_ranking', args }];
      return [
        { name: 'staff_ranking', args },
        { name: 'list_staff', args: { limit: MANY_ROWS } },
      ];
    }
    case 'available':
      return [
        { name: 'list_staff', args: { limit: MANY_ROWS, ...staffTypesArg(query) } },
        { name: 'find_shifts', args: { ...periodArgs(query.when), limit: MANY_ROWS } },
      ];
    case 'hours_total':
      return [{ name: 'staff_ranking', args: { metric: 'most_hours', ...periodArgs(query.when), limit: MANY_ROWS } }];
    case 'inactive':
      return [
        { name: 'list_staff', args: { limit: MANY_ROWS } },
        { name: 'staff_ranking', args: { metric: 'most_accepted', ...periodArgs(query.when), limit: MANY_ROWS } },
      ];
    case 'attendance':
      return [
        {
          name: 'attendance',
          args: { ...periodArgs(query.when), ...(query.staff ? { staff_id: query.staff.id } : {}) },
        },
      ];
    case 'fill':
      return [{ name: 'fill_stats', args: periodArgs(query.when) }];
    case 'plan':
      return [{ name: 'plan_usage', args: {} }];
    case 'cover':
      return [{ name: 'who_can_cover', args: query.args }];
  }
}

export const toolPlan = (query: Query, now: Date): Plan => ({ kind: 'tool', query, calls: callsFor(query, now) });

/** list_staff's staff_types for a question about a staff type, either of its names counting. */
function staffTypesArg(query: { staffType?: string; staffTypeAlternate?: string }): { staff_types?: string[] } {
  if (!query.staffType) return {};
  return { staff_types: query.staffTypeAlternate ? [query.staffType, query.staffTypeAlternate] : [query.staffType] };
}
