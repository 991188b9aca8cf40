// Shift tools: lists through PostgREST with filters Postgres evaluates on the company's indexes
// (never every shift), and the counts by status through public.assistant_shift_counts. Lists are
// capped (25 by default, 50 at most); `total` says how many matched.
import {
  argsObject,
  type RawArgs,
  optionalEnum,
  optionalInteger,
  optionalPositive,
  optionalText,
  optionalUuid,
  period,
  PERIOD_PROPERTIES,
  requiredText,
  SHIFT_STATUSES,
  withoutUndefined,
  STAFF_ID_HINT,
} from './args.ts';
import { defineTool } from './define.ts';
import { ToolArgumentError } from './errors.ts';
import { readFailed, SHIFT_SELECT, type ShiftRow, shiftSummary } from './rows.ts';
import { addressFilters, allowedTypos, editDistance, phrasePattern, words } from './text.ts';
import type { ShiftCounts, ShiftList, ShiftStatus, ShiftSummary, ToolContext } from './types.ts';

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 50;
const MAX_WINDOW_HOURS = 24 * 31;

/** The company's shifts with the given columns; `head` asks only for the exact count of matches. */
export function companyShifts(ctx: ToolContext, columns: string, head = false) {
  return ctx.client
    .from('shifts')
    .select(columns, head ? { count: 'exact', head: true } : undefined)
    .eq('company_id', ctx.companyId);
}
export type ShiftQuery = ReturnType<typeof companyShifts>;

/** SPEC §4's statuses as the nullness of the life columns (the shift_status function's rule). */
function whereStatus(query: ShiftQuery, status: ShiftStatus | undefined): ShiftQuery {
  switch (status) {
    case 'Pending':
      return query.is('accepted_at', null);
    case 'Assigned':
      return query.not('accepted_at', 'is', null).is('clocked_in_at', null);
    case 'In-progress':
      return query.not('clocked_in_at', 'is', null).is('clocked_out_at', null);
    case 'Completed':
      return query.not('clocked_out_at', 'is', null);
    default:
      return query;
  }
}

export function whereStarts(query: ShiftQuery, from?: string, before?: string): ShiftQuery {
  let q = query;
  if (from !== undefined) q = q.gte('starts_at', from);
  if (before !== undefined) q = q.lt('starts_at', before);
  return q;
}

/**
 * The first `limit` matches, soonest first, and how many there are. The page and the count are two
 * requests sent together rather than one (PostgREST's count=exact runs the count, then the page, in
 * one statement): each may read every match of a large agency, and side by side the answer waits
 * for one such read, not two (a broad address search at 100,000 shifts: about 90 ms, not 170).
 */
async function listShifts(ctx: ToolContext, filter: (query: ShiftQuery) => ShiftQuery, limit: number) {
  const [page, counted] = await Promise.all([
    filter(companyShifts(ctx, SHIFT_SELECT)).order('starts_at').order('id').limit(limit),
    filter(companyShifts(ctx, 'id', true)),
  ]);
  if (page.error) readFailed('shifts', page.error);
  if (counted.error) readFailed('shifts', counted.error);
  const rows = (page.data ?? []) as unknown as ShiftRow[];
  const list: ShiftList = {
    total: Math.max(counted.count ?? 0, rows.length),
    shifts: rows.map((row) => shiftSummary(row, ctx.timeZone)),
  };
  return list;
}

const LIMIT_PROPERTY = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_LIMIT,
  description: `How many shifts to return (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}); total always counts every match.`,
} as const;

export const findShifts = defineTool({
  name: 'find_shifts',
  description:
    "Lists the agency's shifts matching every filter given (status, start period, staff member, address, skill, staff type), soonest start first, with the total number of matches; address_matches_nothing: true means no shift of the agency has that address at all (say so, do not report an empty result). Use it for questions like 'which shifts are pending this week' or 'shifts at 100 Queen Street West'.",
  parameters: {
    type: 'object',
    properties: {
      status: {
        type: 'string',
        enum: SHIFT_STATUSES,
        description:
          'Pending = nobody accepted it (open, unfilled); Assigned = accepted, not clocked in (filled); In-progress = clocked in; Completed = clocked out (done).',
      },
      ...PERIOD_PROPERTIES,
      staff_id: {
        type: 'string',
        description: `Only shifts this staff member accepted: their id from find_staff or list_staff. ${STAFF_ID_HINT}`,
      },
      address: {
        type: 'string',
        description:
          "Part of the address as the user typed it, e.g. '100 Queen Street West' or 'Bayview'; case, accents and Street/St-style spellings do not matter.",
      },
      skill: { type: 'string', description: "Words of the skill, e.g. 'dementia' or 'wound care'." },
      staff_type: { type: 'string', description: "The staff type, e.g. 'PSW', 'RPN' or 'RN'." },
      limit: LIMIT_PROPERTY,
    },
  },
  parse(raw) {
    const tool = 'find_shifts';
    const args = argsObject(tool, raw, [
      'status',
      'from',
      'before',
      'staff_id',
      'address',
      'skill',
      'staff_type',
      'limit',
    ]);
    const out = {
      ...period(tool, args),
      status: optionalEnum(tool, args, 'status', SHIFT_STATUSES),
      staff_id: optionalUuid(tool, args, 'staff_id', STAFF_ID_HINT),
      address: optionalText(tool, args, 'address'),
      skill: optionalText(tool, args, 'skill', 100),
      staff_type: optionalText(tool, args, 'staff_type', 100),
      limit: optionalInteger(tool, args, 'limit', 1, MAX_LIMIT),
    };
    if (out.address !== undefined && addressFilters(out.address).length === 0) {
      throw new ToolArgumentError('find_shifts: address must contain a street number, a name or a postal code.');
    }
    return withoutUndefined(out);
  },
  async run(ctx, args) {
    const skill = args.skill ? phrasePattern(args.skill) : null;
    const staffType = args.staff_type ? phrasePattern(args.staff_type) : null;
    const filter = (query: ShiftQuery): ShiftQuery => {
      let q = whereStarts(whereStatus(query, args.status), args.from, args.before);
      if (args.staff_id) q = q.eq('accepted_by', args.staff_id);
      if (args.address) for (const words of addressFilters(args.address)) q = q.or(words);
      if (skill) q = q.filter('skill', 'imatch', skill);
      if (staffType) q = q.filter('staff_type', 'imatch', staffType);
      return q;
    };
    const list = await listShifts(ctx, filter, args.limit ?? DEFAULT_LIMIT);
    if (list.total > 0 || !args.address) return list;
    // Nothing matched: say whether the address matches any shift at all (one count, only now), so
    // that a word taken for a place is not reported as an empty result.
    let anywhere = companyShifts(ctx, 'id', true);
    for (const words of addressFilters(args.address)) anywhere = anywhere.or(words);
    const { count, error } = await anywhere;
    if (error) readFailed('shifts', error);
    if (count !== 0) return list;
    const suggestions = await closePlaces(ctx, args.address);
    return {
      ...list,
      address_matches_nothing: true,
      ...(suggestions.length > 0 ? { address_suggestions: suggestions } : {}),
    };
  },
});

/** How many recent shifts' streets and cities a typo is compared with: bounded, whatever the agency's size. */
const PLACES_SCANNED = 500;

/**
 * The agency's streets and cities (as stored) that a typed word of `address` is a small typo of, at
 * most 3, closest first: "torotno" → Toronto, "dufferrin" → Dufferin Street. Read from the most
 * recent shifts only, and only once nothing matched.
 */
async function closePlaces(ctx: ToolContext, address: string): Promise<string[]> {
  const typed = words(address, 'space').filter((w) => !/\d/.test(w) && allowedTypos(w) > 0);
  if (typed.length === 0) return [];
  const { data, error } = await companyShifts(ctx, 'street_name, city')
    .order('starts_at', { ascending: false })
    .limit(PLACES_SCANNED);
  if (error) readFailed('shifts', error);
  const places = new Set<string>();
  for (const row of (data ?? []) as unknown as { street_name: string | null; city: string | null }[]) {
    if (row.street_name) places.add(row.street_name);
    if (row.city) places.add(row.city);
  }
  const scored: { place: string; distance: number }[] = [];
  for (const place of places) {
    const parts = words(place, 'space');
    let best = Infinity;
    for (const word of typed) {
      for (const part of parts) {
        const d = editDistance(word, part, allowedTypos(word));
        if (d > 0 && d <= allowedTypos(word)) best = Math.min(best, d);
      }
    }
    if (best !== Infinity) scored.push({ place, distance: best });
  }
  return scored
    .sort((a, b) => a.distance - b.distance || a.place.localeCompare(b.place))
    .slice(0, 3)
    .map((s) => s.place);
}

export const openShiftsStartingWithin = defineTool({
  name: 'open_shifts_starting_within',
  description:
    'Lists the pending (unfilled) shifts that start between now and a number of hours from now, soonest first, with their total. Use it for "what is still open in the next 24 hours".',
  parameters: {
    type: 'object',
    properties: {
      hours: {
        type: 'number',
        minimum: 1,
        maximum: MAX_WINDOW_HOURS,
        description: `Hours from now (default 24, at most ${MAX_WINDOW_HOURS}).`,
      },
      limit: LIMIT_PROPERTY,
    },
  },
  parse(raw) {
    const tool = 'open_shifts_starting_within';
    const args = argsObject(tool, raw, ['hours', 'limit']);
    return withoutUndefined({
      hours: optionalPositive(tool, args, 'hours', MAX_WINDOW_HOURS),
      limit: optionalInteger(tool, args, 'limit', 1, MAX_LIMIT),
    });
  },
  async run(ctx, args) {
    const from = ctx.now.toISOString();
    const before = new Date(ctx.now.getTime() + (args.hours ?? 24) * 3_600_000).toISOString();
    const filter = (query: ShiftQuery): ShiftQuery => whereStarts(query.is('accepted_at', null), from, before);
    return listShifts(ctx, filter, args.limit ?? DEFAULT_LIMIT);
  },
});

/** A shift id or its first characters, as the lowest and highest ids that start with it. */
export function idRange(prefix: string): [string, string] {
  const hex = prefix.replace(/-/g, '').toLowerCase();
  const uuid = (h: string) =>
    `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  return [uuid(hex.padEnd(32, '0')), uuid(hex.padEnd(32, 'f'))];
}

/**
 * A ShiftID as people give it: the whole id or its first 6+ characters ("#1a2b3c4d" too), lower case.
 * Dashes are allowed only where a full id has them.
 */
export function parseShiftId(tool: string, args: RawArgs): string {
  const id = requiredText(tool, args, 'shift_id', 36).replace(/^#/, '');
  const hex = id.replace(/-/g, '');
  const dashesFit = [...id].every((ch, i) => ch !== '-' || [8, 13, 18, 23].includes(i));
  if (!/^[0-9a-f]{6,32}$/i.test(hex) || !dashesFit) {
    throw new ToolArgumentError(
      `${tool}: shift_id must be a ShiftID or its first 6 or more characters (0-9, a-f), e.g. 1a2b3c4d.`,
    );
  }
  return id.toLowerCase();
}

/** The company's shifts whose id starts with `prefix`, soonest first (at most 10). */
export async function shiftsById(ctx: ToolContext, prefix: string): Promise<ShiftSummary[]> {
  const [lowest, highest] = idRange(prefix);
  const result = await companyShifts(ctx, SHIFT_SELECT)
    .gte('id', lowest)
    .lte('id', highest)
    .order('starts_at')
    .order('id')
    .limit(10);
  if (result.error) readFailed('shift', result.error);
  return ((result.data ?? []) as unknown as ShiftRow[]).map((row) => shiftSummary(row, ctx.timeZone));
}

export const shiftDetails = defineTool({
  name: 'shift_details',
  description:
    "Gives one shift's full details (status, address, times, staff, clock times, hours done) by its ShiftID or the first 6+ characters of it (the 8-character short id replies show). Returns every shift whose id starts with what was given.",
  parameters: {
    type: 'object',
    properties: {
      shift_id: { type: 'string', description: 'The ShiftID, or its first 6 or more characters, e.g. 1a2b3c4d.' },
    },
    required: ['shift_id'],
  },
  parse(raw) {
    return { shift_id: parseShiftId('shift_details', argsObject('shift_details', raw, ['shift_id'])) };
  },
  async run(ctx, args) {
    return { matches: await shiftsById(ctx, args.shift_id) };
  },
});

export const shiftCounts = defineTool({
  name: 'shift_counts',
  description:
    "Counts the agency's shifts by status (Pending, Assigned, In-progress, Completed) and in total, for the shifts starting in a period or ever.",
  parameters: { type: 'object', properties: { ...PERIOD_PROPERTIES } },
  parse(raw) {
    return period('shift_counts', argsObject('shift_counts', raw, ['from', 'before']));
  },
  async run(ctx, args) {
    const { data, error } = await ctx.client
      .rpc('assistant_shift_counts', { p_from: args.from ?? null, p_before: args.before ?? null })
      .single();
    if (error) readFailed('shift counts', error);
    const row = data as { pending: number; assigned: number; in_progress: number; completed: number; total: number };
    const counts: ShiftCounts = {
      Pending: row.pending,
      Assigned: row.assigned,
      'In-progress': row.in_progress,
      Completed: row.completed,
      total: row.total,
    };
    return counts;
  },
});
