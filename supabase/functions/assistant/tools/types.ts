// The assistant's data tools (issue 19): one typed set of reads that both the built-in assistant and
// a model (through function calling) use. Every tool reads with the caller's own client (their JWT),
// so row-level security bounds it exactly as on the dashboard, and every result is redacted (no push
// token, no employment time, no payment id) before anyone sees it. Results are small and capped: a
// model's prompt never grows with the number of shifts.
//
// Plain types with no runtime imports: Node (the question bank, the benchmark) and Deno both use them.
import type { SupabaseClient } from '../../_shared/supabase-types.ts';

/** Who asks, and when. `now` is passed to every read (never the database's now()), so answers are
 *  reproducible around a fixed instant in tests. */
export interface ToolContext {
  client: SupabaseClient;
  /** The caller's user id = their company's id. */
  companyId: string;
  /** The company's IANA time zone (companies.time_zone); days and weeks are counted in it. */
  timeZone: string;
  now: Date;
}

export type ShiftStatus = 'Pending' | 'Assigned' | 'In-progress' | 'Completed';

/** A shift as tools return it: readable fields only (no owner id, no coordinates). */
export interface ShiftSummary {
  id: string;
  /** The first 8 characters of the id, as the dashboard's Copy ShiftID gives and the replies show. */
  short_id: string;
  status: ShiftStatus;
  staff_type: string;
  skill: string;
  /** "12 King St W, Toronto, ON M5H 1A1" */
  address: string;
  city: string;
  /** Instants as ISO 8601 in UTC (2026-11-18T20:00:00.000Z); starts_local is the one for people. */
  starts_at: string;
  ends_at: string;
  /** Start in the company's zone, e.g. "Wed, Nov 18, 2026, 9:00 AM". */
  starts_local: string;
  duration_minutes: number;
  created_at: string;
  notes: string | null;
  /** The staff member who accepted it, if any (a former employee shows as "Former staff member"). */
  accepted_by: StaffRef | null;
  accepted_at: string | null;
  clocked_in_at: string | null;
  clocked_out_at: string | null;
  /** Clocked hours of a completed shift (clock-out minus clock-in), else null. */
  hours_done: number | null;
}

export interface StaffRef {
  id: string;
  name: string;
}

/** An employed staff member (never the push token or the employment time). */
export interface StaffSummary extends StaffRef {
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string | null;
  on_shift: boolean;
}

/** A period of start times: [from, before). ISO 8601 instants; either end may be open. */
export interface Period {
  from?: string;
  before?: string;
}

// Arguments and results, tool by tool ------------------------------------------------------------

export interface FindShiftsArgs extends Period {
  status?: ShiftStatus;
  staff_id?: string;
  /** Part of an address, matched without case, accents or street-type spelling ("Queen Street" = "Queen St"). */
  address?: string;
  skill?: string;
  staff_type?: string;
  /** Rows returned (default 25, at most 50); `total` counts all matches. */
  limit?: number;
}
export interface ShiftList {
  total: number;
  /** Soonest start first. */
  shifts: ShiftSummary[];
  /**
   * find_shifts only, when nothing matched and an address was given: true when no shift of the
   * agency at all (any period, status or staff) has an address matching it. The address, not the
   * other filters, is then why nothing matched: "No shift address matches 'wich'", never "there
   * are no pending shifts in wich".
   */
  address_matches_nothing?: true;
  /**
   * With address_matches_nothing: the agency's streets and cities (as stored) that a typed word is a
   * small typo of ("torotno" → Toronto), at most 3, from its most recent shifts. Never applied as a
   * filter: the user is asked.
   */
  address_suggestions?: string[];
}

export interface OpenShiftsArgs {
  /** Pending shifts starting between now and now + hours (default 24, at most 24 * 31). */
  hours?: number;
  /** Rows returned (default 25, at most 50); `total` counts all matches. */
  limit?: number;
}

export interface ShiftDetailsArgs {
  /** A full id or its first 6+ characters. */
  shift_id: string;
}
export interface ShiftDetails {
  /** Every shift whose id starts with the given prefix (normally one). */
  matches: ShiftSummary[];
}

export interface ShiftCountsArgs extends Period {}
export type ShiftCounts = Record<ShiftStatus, number> & { total: number };

export interface FindStaffArgs {
  /** A name as typed: first, last or both, any case, with or without accents, small typos allowed. */
  name: string;
}
export interface StaffMatches {
  /** Best first (score 0.6 to 1, at most 10); `exact` when every typed word equals a name part. Several
   *  matches with the top score mean the name is ambiguous. */
  matches: (StaffSummary & { score: number; exact: boolean })[];
}

export interface ListStaffArgs {
  on_shift?: boolean;
  /** Only staff the agency recorded as any of these staff types (on each worker's page). */
  staff_types?: string[];
  limit?: number;
}
export interface StaffList {
  total: number;
  staff: StaffSummary[];
  /** With staff_types: how many employed staff have no staff type recorded, so none is counted. */
  without_staff_type?: number;
  /** With staff_types: every employed staff member, of any type or none. */
  employed?: number;
}

export interface StaffDetailsArgs extends Period {
  staff_id: string;
}
export interface StaffDetails {
  staff: StaffSummary;
  /** In the period if one is given, else ever. */
  shifts_accepted: number;
  shifts_completed: number;
  hours_done: number;
  /** The most recent completed or started shift before now. */
  last_shift: ShiftSummary | null;
  /** Accepted shifts starting after now, soonest first (at most 10). */
  upcoming: ShiftSummary[];
  /** Shifts in the period (at most 25), or without a period the 10 most recent before now; soonest first. */
  shifts: ShiftSummary[];
}

export type RankingMetric = 'most_accepted' | 'most_hours' | 'fastest_to_accept';
export interface StaffRankingArgs extends Period {
  metric: RankingMetric;
  limit?: number;
}
export interface StaffRanking {
  metric: RankingMetric;
  /** most_accepted: shifts; most_hours: hours; fastest_to_accept: median minutes from post to accept. */
  rows: { staff: StaffRef; value: number; shifts: number }[];
}

export interface AttendanceArgs extends Period {
  /** One staff member's shifts only (their lists and totals). */
  staff_id?: string;
}
export interface Attendance {
  /** Clocked in more than 10 minutes after the start (the dashboard's rule); most recent start first,
   *  at most 25. */
  late: { shift: ShiftSummary; minutes_late: number }[];
  /** Accepted, started before now, never clocked in; most recent start first, at most 25. */
  no_shows: ShiftSummary[];
  /** How many late clock-ins and no-shows there are in all (the lists are capped). */
  late_total: number;
  no_show_total: number;
  /** Each staff member's late clock-ins and no-shows in the period: the 10 with the most of both. */
  by_staff: { staff: StaffRef; late: number; no_shows: number }[];
}

export interface FillStatsArgs extends Period {}
export interface FillStats {
  /** Shifts STARTING in the period (the same set the other tools list for it), not created in it. */
  posted: number;
  /** Of those, the ones someone accepted (at any time). Minutes to fill: accepted_at - created_at. */
  filled: number;
  /** filled / posted, 0..1; null when nothing was posted. */
  fill_rate: number | null;
  median_minutes_to_fill: number | null;
  average_minutes_to_fill: number | null;
  /** Pending shifts of the period whose start has passed. */
  expired_unfilled: number;
}

export interface PlanUsage {
  premium: boolean;
  shifts_used: number;
  /** null on premium. */
  shift_limit: number | null;
  staff_count: number;
  staff_limit: number | null;
  /** Assistant questions left this calendar month; null on premium. */
  questions_left: number | null;
}

/**
 * who_can_cover's shift: a ShiftID (or its first 6+ characters), or a description that must match
 * one shift. A description without a period looks at the shifts that have not ended yet.
 */
export interface CoverArgs extends Period {
  shift_id?: string;
  address?: string;
  staff_type?: string;
  skill?: string;
  /** The shift this staff member holds (accepted): "who can replace Jordan on Friday". */
  held_by?: string;
  /** Only a shift that started with its holder not clocked in: the no-show now (or the latest). */
  no_show?: boolean;
  /** Also answer for this staff member, wherever they rank: "why can't Ana take it?". */
  staff_id?: string;
  /** Eligible staff listed (default 10, at most 50); eligible_total counts them all. */
  limit?: number;
}

/** An eligible staff member and the facts of their rank (the cover order: see CoverAnswer). */
export interface CoverCandidate {
  staff: StaffRef;
  /** 1 = call first. */
  rank: number;
  /** Clocked in to an earlier shift at this address for the agency. */
  worked_here: boolean;
  /** From this shift to where they last worked for the agency; null when they never have. */
  distance_km: number | null;
  /** Hours they already hold at the agency in the shift's week (Monday to Sunday). */
  week_hours: number;
  /** What does not refuse them but a scheduler should know: 'overtime' (the shift allows it). */
  flags: string[];
}

/** A staff member who may not take the shift, and why (plain sentences, dates in the agency's zone). */
export interface CoverMiss {
  staff: StaffRef;
  reason_codes: string[];
  reasons: string[];
}

export interface CoverAnswer {
  /** The shift asked about; null when no shift or several matched (then see matches). */
  shift: ShiftSummary | null;
  /** With shift null: the shifts that matched (at most 10) and how many did. */
  matches: ShiftSummary[];
  matches_total: number;
  /** The shift started and the staff member holding it has not clocked in. */
  no_show: boolean;
  /** Eligible staff, ranked: worked at this address before, then nearest to where they last worked,
   *  then fewest hours that week, then name. The holder of the shift is never one. */
  eligible_total: number;
  eligible: CoverCandidate[];
  ineligible_total: number;
  /** Up to 5 ineligible staff with the fewest reasons (near_miss_reasons of them), in cover order. */
  near_misses: CoverMiss[];
  near_miss_total: number;
  near_miss_reasons: number | null;
  /** How many staff each reason stops, commonest first, with one of its sentences. */
  reason_counts: { code: string; workers: number; example: string }[];
  /** With staff_id: that staff member's own answer. */
  asked: (CoverMiss & { eligible: boolean; rank: number | null; holds_shift: boolean; flags: string[] }) | null;
}

/** Every tool, by name, with its arguments and result. */
export interface ToolSignatures {
  find_shifts: [FindShiftsArgs, ShiftList];
  open_shifts_starting_within: [OpenShiftsArgs, ShiftList];
  shift_details: [ShiftDetailsArgs, ShiftDetails];
  shift_counts: [ShiftCountsArgs, ShiftCounts];
  find_staff: [FindStaffArgs, StaffMatches];
  list_staff: [ListStaffArgs, StaffList];
  staff_details: [StaffDetailsArgs, StaffDetails];
  staff_ranking: [StaffRankingArgs, StaffRanking];
  attendance: [AttendanceArgs, Attendance];
  fill_stats: [FillStatsArgs, FillStats];
  plan_usage: [Record<string, never>, PlanUsage];
  who_can_cover: [CoverArgs, CoverAnswer];
}
export type ToolName = keyof ToolSignatures;
export type ToolArgs<N extends ToolName> = ToolSignatures[N][0];
export type ToolResult<N extends ToolName> = ToolSignatures[N][1];

/** A JSON Schema object, as OpenAI's `tools[].function.parameters` and Gemini's declarations take it. */
export type JsonSchema = Record<string, unknown>;

export interface ToolDefinition<N extends ToolName = ToolName> {
  name: N;
  /** One or two sentences for a model: what it returns and when to use it. */
  description: string;
  parameters: JsonSchema;
  /** Checks a model's (untrusted) arguments; throws ToolArgumentError with a sentence the model can act on. */
  parse(raw: unknown): ToolArgs<N>;
  run(ctx: ToolContext, args: ToolArgs<N>): Promise<ToolResult<N>>;
}

/** Runs one tool by name: what the built-in assistant and the model loop call. */
export type ToolRunner = <N extends ToolName>(name: N, args: ToolArgs<N>) => Promise<ToolResult<N>>;

/** What a reply links to: `label` is text that appears verbatim in the reply. */
export type Reference = { kind: 'shift'; id: string; label: string } | { kind: 'staff'; id: string; label: string };

/** The built-in assistant's (and the model loop's) outcome. Only `answer` counts against the plan. */
export interface AssistantOutcome {
  kind: 'answer' | 'clarify' | 'unsupported';
  reply: string;
  references: Reference[];
}
