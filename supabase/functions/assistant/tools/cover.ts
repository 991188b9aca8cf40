// who_can_cover (issue 28): who may take one shift, ranked, and why the others may not. The shift is
// found here, with the caller's own client and the shift tools' filters (a ShiftID or its first
// characters, or a description: address, period, staff type, skill, the staff member holding it,
// a no-show), so one call answers "who could take the shift at 220 Queen St W tomorrow?". The rules
// and the ranking are the database's (public.assistant_who_can_cover, which asks
// public.eligibility's rules and private.cover_rank), never re-implemented here.
import {
  argsObject,
  optionalBoolean,
  optionalInteger,
  optionalText,
  optionalUuid,
  period,
  PERIOD_PROPERTIES,
  STAFF_ID_HINT,
  withoutUndefined,
} from './args.ts';
import { defineTool } from './define.ts';
import { ToolArgumentError } from './errors.ts';
import { numberOrNull, readFailed, SHIFT_SELECT, type ShiftRow, shiftSummary } from './rows.ts';
import { companyShifts, parseShiftId, type ShiftQuery, shiftsById, whereStarts } from './shifts.ts';
import { addressFilters, phrasePattern } from './text.ts';
import type { CoverAnswer, CoverArgs, ShiftSummary, ToolContext } from './types.ts';

const TOOL = 'who_can_cover';
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;
/** Shifts listed back when a description matches several. */
const MATCHES_SHOWN = 10;

const DESCRIPTION_KEYS = ['address', 'from', 'before', 'staff_type', 'skill', 'held_by', 'no_show'] as const;

/** The answer when no one shift is settled: the candidates, and nothing about staff. */
function unsettled(matches: ShiftSummary[], total: number): CoverAnswer {
  return {
    shift: null,
    matches,
    matches_total: total,
    no_show: false,
    eligible_total: 0,
    eligible: [],
    ineligible_total: 0,
    near_misses: [],
    near_miss_total: 0,
    near_miss_reasons: null,
    reason_counts: [],
    asked: null,
  };
}

/**
 * The shifts a description matches: at most MATCHES_SHOWN and how many. Without a period, only
 * shifts that have not ended (nobody covers a finished shift); a no-show is a shift that started
 * with its holder not clocked in, latest first.
 */
async function describedShifts(ctx: ToolContext, args: CoverArgs): Promise<{ shifts: ShiftSummary[]; total: number }> {
  const now = ctx.now.toISOString();
  const skill = args.skill ? phrasePattern(args.skill) : null;
  const staffType = args.staff_type ? phrasePattern(args.staff_type) : null;
  const filter = (query: ShiftQuery): ShiftQuery => {
    let q = whereStarts(query, args.from, args.before);
    if (args.no_show) q = q.not('accepted_at', 'is', null).is('clocked_in_at', null).lt('starts_at', now);
    else if (args.from === undefined && args.before === undefined) q = q.gt('ends_at', now);
    if (args.held_by) q = q.eq('accepted_by', args.held_by);
    if (args.address) for (const words of addressFilters(args.address)) q = q.or(words);
    if (skill) q = q.filter('skill', 'imatch', skill);
    if (staffType) q = q.filter('staff_type', 'imatch', staffType);
    return q;
  };
  const ordered = filter(companyShifts(ctx, SHIFT_SELECT));
  const [page, counted] = await Promise.all([
    (args.no_show
      ? ordered.order('starts_at', { ascending: false }).order('id')
      : ordered.order('starts_at').order('id')
    ).limit(MATCHES_SHOWN),
    filter(companyShifts(ctx, 'id', true)),
  ]);
  if (page.error) readFailed('shifts', page.error);
  if (counted.error) readFailed('shifts', counted.error);
  const shifts = ((page.data ?? []) as unknown as ShiftRow[]).map((row) => shiftSummary(row, ctx.timeZone));
  return { shifts, total: Math.max(counted.count ?? 0, shifts.length) };
}

/** The one shift meant, or the candidates to ask about. */
async function findShift(
  ctx: ToolContext,
  args: CoverArgs,
): Promise<{ shift: ShiftSummary } | { matches: ShiftSummary[]; total: number }> {
  if (args.shift_id) {
    const matches = await shiftsById(ctx, args.shift_id);
    return matches.length === 1 ? { shift: matches[0] as ShiftSummary } : { matches, total: matches.length };
  }
  const { shifts, total } = await describedShifts(ctx, args);
  if (args.no_show && shifts.length > 0) {
    // The no-show going on now is the one to cover; with none going on, the latest (the reply says
    // it has ended).
    const ongoing = shifts.filter((s) => Date.parse(s.ends_at) > ctx.now.getTime());
    if (ongoing.length === 1) return { shift: ongoing[0] as ShiftSummary };
    if (ongoing.length === 0) return { shift: shifts[0] as ShiftSummary };
    return { matches: ongoing, total: ongoing.length };
  }
  return total === 1 && shifts[0] ? { shift: shifts[0] } : { matches: shifts, total };
}

interface CoverRow {
  shift: ShiftRow;
  eligible_total: number;
  eligible: {
    staff: { id: string; name: string };
    rank: number;
    worked_here: boolean;
    distance_km: number | string | null;
    week_hours: number | string;
    flags: string[];
  }[];
  ineligible_total: number;
  near_misses: CoverAnswer['near_misses'];
  near_miss_total: number;
  near_miss_reasons: number | null;
  reason_counts: CoverAnswer['reason_counts'];
  asked: CoverAnswer['asked'];
}

export const whoCanCover = defineTool({
  name: TOOL,
  description:
    "Who can cover one shift: the agency's staff who may take it, ranked (worked at this address before, then nearest to where they last worked, then fewest hours that week, then name), the near misses (the fewest reasons) with each reason in a plain sentence, how many staff each reason stops, and with staff_id that staff member's own answer. Name the shift by shift_id, or describe it (address, start period, staff type, skill, held_by = the staff member holding it, no_show = the shift its holder did not show up for). When the description fits several shifts or none, shift is null and matches lists them: ask which one.",
  parameters: {
    type: 'object',
    properties: {
      shift_id: {
        type: 'string',
        description: 'The ShiftID or its first 6 or more characters, e.g. 1a2b3c4d. Leave out to describe the shift.',
      },
      address: { type: 'string', description: "Part of the shift's address as typed, e.g. '220 Queen St W'." },
      ...PERIOD_PROPERTIES,
      staff_type: { type: 'string', description: "The shift's staff type, e.g. 'PSW', 'RPN' or 'RN'." },
      skill: { type: 'string', description: "Words of the shift's skill, e.g. 'dementia care'." },
      held_by: {
        type: 'string',
        description: `The shift this staff member holds (to replace them): their id. ${STAFF_ID_HINT}`,
      },
      no_show: {
        type: 'boolean',
        description:
          'true: the shift that started while its holder has not clocked in (a no-show), the one going on now.',
      },
      staff_id: {
        type: 'string',
        description: `Also say whether this staff member may take it and why not ("why can't Ana take it?"). ${STAFF_ID_HINT}`,
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_LIMIT,
        description: `Eligible staff to list (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}); eligible_total counts them all.`,
      },
    },
  },
  parse(raw) {
    const args = argsObject(TOOL, raw, ['shift_id', ...DESCRIPTION_KEYS, 'staff_id', 'limit']);
    const described = DESCRIPTION_KEYS.filter((key) => args[key] !== undefined && args[key] !== null);
    const hasId = args.shift_id !== undefined && args.shift_id !== null;
    if (hasId && described.length > 0) {
      throw new ToolArgumentError(
        `${TOOL}: give either shift_id or a description of the shift (${described.join(', ')}), not both.`,
      );
    }
    const out: CoverArgs = withoutUndefined({
      ...(hasId ? { shift_id: parseShiftId(TOOL, args) } : {}),
      ...period(TOOL, args),
      address: optionalText(TOOL, args, 'address'),
      staff_type: optionalText(TOOL, args, 'staff_type', 100),
      skill: optionalText(TOOL, args, 'skill', 100),
      held_by: optionalUuid(TOOL, args, 'held_by', STAFF_ID_HINT),
      no_show: optionalBoolean(TOOL, args, 'no_show') || undefined,
      staff_id: optionalUuid(TOOL, args, 'staff_id', STAFF_ID_HINT),
      limit: optionalInteger(TOOL, args, 'limit', 1, MAX_LIMIT),
    });
    if (out.address !== undefined && addressFilters(out.address).length === 0) {
      throw new ToolArgumentError(`${TOOL}: address must contain a street number, a name or a postal code.`);
    }
    if (Object.keys(out).every((key) => key === 'staff_id' || key === 'limit')) {
      throw new ToolArgumentError(
        `${TOOL}: name the shift by shift_id, or describe it (address, from/before, staff_type, skill, held_by, no_show).`,
      );
    }
    return out;
  },
  async run(ctx, args) {
    const found = await findShift(ctx, args);
    if (!('shift' in found)) return unsettled(found.matches, found.total);
    const { data, error } = await ctx.client.rpc('assistant_who_can_cover', {
      p_shift_id: found.shift.id,
      p_now: ctx.now.toISOString(),
      p_staff_id: args.staff_id ?? null,
      p_limit: args.limit ?? DEFAULT_LIMIT,
    });
    if (error) {
      if ((error as { code?: string }).code === 'P0002') {
        throw new ToolArgumentError(
          `${TOOL}: no staff member with id ${args.staff_id ?? ''} works for this agency. ${STAFF_ID_HINT}`,
        );
      }
      readFailed('staff who can cover', error);
    }
    const row = data as CoverRow;
    const shift = shiftSummary(row.shift, ctx.timeZone);
    return {
      shift,
      matches: [],
      matches_total: 1,
      no_show: Boolean(shift.accepted_by) && !shift.clocked_in_at && Date.parse(shift.starts_at) < ctx.now.getTime(),
      eligible_total: row.eligible_total,
      eligible: row.eligible.map((e) => ({
        staff: e.staff,
        rank: e.rank,
        worked_here: e.worked_here,
        distance_km: numberOrNull(e.distance_km),
        week_hours: numberOrNull(e.week_hours) ?? 0,
        flags: e.flags,
      })),
      ineligible_total: row.ineligible_total,
      near_misses: row.near_misses,
      near_miss_total: row.near_miss_total,
      near_miss_reasons: row.near_miss_reasons,
      reason_counts: row.reason_counts,
      asked: row.asked,
    };
  },
});
