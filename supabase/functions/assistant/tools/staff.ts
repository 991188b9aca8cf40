// Staff tools. Names are matched in TypeScript over the employed staff's names (a few columns per
// worker, cheap even for thousands) because the matching forgives accents, typos and partial names
// in ways a database filter cannot; one staff member's record comes from
// public.assistant_staff_summary in one call.
import {
  argsObject,
  optionalBoolean,
  optionalInteger,
  period,
  PERIOD_PROPERTIES,
  requiredText,
  requiredUuid,
  withoutUndefined,
  STAFF_ID_HINT,
} from './args.ts';
import { defineTool } from './define.ts';
import { ToolArgumentError } from './errors.ts';
import { readFailed, type ShiftRow, shiftSummary, STAFF_SELECT, type StaffRow, staffSummary } from './rows.ts';
import { phraseMatches, scoreName } from './text.ts';
import type { StaffMatches, ToolContext } from './types.ts';

const PAGE_SIZE = 1000; // PostgREST's max_rows (config.toml)
const MAX_MATCHES = 10;
const MIN_SCORE = 0.6;
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 50;
const MAX_STAFF_TYPES = 4;

/** Every staff member the company employs, page by page (RLS: only its own employments). */
async function employedStaff(ctx: ToolContext): Promise<StaffRow[]> {
  const rows: StaffRow[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const { data, error } = await ctx.client
      .from('company_staff')
      .select(STAFF_SELECT)
      .eq('company_id', ctx.companyId)
      .order('id')
      .range(from, from + PAGE_SIZE - 1);
    if (error) readFailed('staff list', error);
    const page = (data ?? []) as StaffRow[];
    rows.push(...page);
    if (page.length < PAGE_SIZE) return rows;
  }
}

export const findStaff = defineTool({
  name: 'find_staff',
  description:
    "Finds the agency's staff members by name (first, last or both; accents, case and small typos do not matter; the start of a name works), best match first, each with a score from 0 to 1 and exact = true when every typed word is a name. Several close matches mean the name is ambiguous: ask which one.",
  parameters: {
    type: 'object',
    properties: { name: { type: 'string', description: "The name as the user typed it, e.g. 'amelie cote'." } },
    required: ['name'],
  },
  parse(raw) {
    const args = argsObject('find_staff', raw, ['name']);
    const name = requiredText('find_staff', args, 'name', 100);
    if (!/[\p{L}\p{N}]/u.test(name)) throw new ToolArgumentError('find_staff: name must contain letters.');
    return { name };
  },
  async run(ctx, args) {
    const matches: StaffMatches['matches'] = [];
    for (const row of await employedStaff(ctx)) {
      const scored = scoreName(args.name, row.first_name, row.last_name);
      if (scored && scored.score >= MIN_SCORE) {
        matches.push({ ...staffSummary(row), score: Math.round(scored.score * 100) / 100, exact: scored.exact });
      }
    }
    matches.sort(
      (a, b) =>
        b.score - a.score ||
        Number(b.exact) - Number(a.exact) ||
        a.last_name.localeCompare(b.last_name) ||
        a.first_name.localeCompare(b.first_name) ||
        a.id.localeCompare(b.id),
    );
    return { matches: matches.slice(0, MAX_MATCHES) };
  },
});

export const listStaff = defineTool({
  name: 'list_staff',
  description:
    "Lists the staff the agency employs, by last name, with the total; on_shift = true lists only those clocked in right now. staff_types lists only those the agency recorded (on each worker's page) as any of those staff types, and says how many have no staff type recorded.",
  parameters: {
    type: 'object',
    properties: {
      on_shift: { type: 'boolean', description: 'true: only staff on shift now; false: only those off shift.' },
      staff_types: {
        type: 'array',
        items: { type: 'string' },
        maxItems: MAX_STAFF_TYPES,
        description:
          "Staff types, any of which counts, e.g. ['RN', 'Registered Nurse'] or ['nurse'] (every word starts a word of the recorded type).",
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_LIMIT,
        description: `How many to return (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}); total counts them all.`,
      },
    },
  },
  parse(raw) {
    const args = argsObject('list_staff', raw, ['on_shift', 'staff_types', 'limit']);
    return withoutUndefined({
      on_shift: optionalBoolean('list_staff', args, 'on_shift'),
      staff_types: optionalStaffTypes(args),
      limit: optionalInteger('list_staff', args, 'limit', 1, MAX_LIMIT),
    });
  },
  async run(ctx, args) {
    if (args.staff_types) return await staffOfTypes(ctx, args.staff_types, args.on_shift, args.limit ?? DEFAULT_LIMIT);
    let query = ctx.client
      .from('company_staff')
      .select(STAFF_SELECT, { count: 'exact' })
      .eq('company_id', ctx.companyId);
    if (args.on_shift !== undefined) query = query.eq('on_shift', args.on_shift);
    const { data, error, count } = await query
      .order('last_name')
      .order('first_name')
      .order('id')
      .limit(args.limit ?? DEFAULT_LIMIT);
    if (error) readFailed('staff list', error);
    const rows = (data ?? []) as StaffRow[];
    return { total: count ?? rows.length, staff: rows.map(staffSummary) };
  },
});

function optionalStaffTypes(args: Record<string, unknown>): string[] | undefined {
  const value = args.staff_types;
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_STAFF_TYPES) {
    throw new ToolArgumentError(`list_staff: staff_types must be a list of 1 to ${MAX_STAFF_TYPES} staff types.`);
  }
  return value.map((item: unknown) => {
    const text = typeof item === 'string' ? item.trim() : '';
    if (text === '' || text.length > 100 || !/[\p{L}\p{N}]/u.test(text)) {
      throw new ToolArgumentError('list_staff: each of staff_types must be a staff type of 1 to 100 characters.');
    }
    return text;
  });
}

interface EmploymentTypes {
  staff_types: string[];
  staff: StaffRow | null;
}

/**
 * The staff recorded as any of the types, matched in TypeScript like names (a recorded type is
 * free text, and "nurse" must find "Registered Nurse"); an agency's employments are a few columns
 * each, read page by page under RLS.
 */
async function staffOfTypes(
  ctx: ToolContext,
  types: string[],
  onShift: boolean | undefined,
  limit: number,
): Promise<{ total: number; staff: ReturnType<typeof staffSummary>[]; without_staff_type: number; employed: number }> {
  const rows: EmploymentTypes[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const { data, error } = await ctx.client
      .from('employments')
      .select(`staff_types, staff(${STAFF_SELECT})`)
      .eq('company_id', ctx.companyId)
      .order('staff_id')
      .range(from, from + PAGE_SIZE - 1);
    if (error) readFailed('staff types', error);
    const page = (data ?? []) as unknown as EmploymentTypes[];
    rows.push(...page);
    if (page.length < PAGE_SIZE) break;
  }
  const employed = rows.filter((r) => r.staff !== null);
  const matched = employed
    .filter((r) => r.staff_types.some((recorded) => types.some((asked) => phraseMatches(asked, recorded))))
    .map((r) => r.staff as StaffRow)
    .filter((s) => onShift === undefined || Boolean(s.on_shift) === onShift)
    .sort(
      (a, b) =>
        a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name) || a.id.localeCompare(b.id),
    );
  return {
    total: matched.length,
    staff: matched.slice(0, limit).map(staffSummary),
    without_staff_type: employed.filter((r) => r.staff_types.length === 0).length,
    employed: employed.length,
  };
}

interface SummaryRow {
  staff: StaffRow;
  shifts_accepted: number;
  shifts_completed: number;
  hours_done: number | string;
  last_shift: ShiftRow | null;
  upcoming: ShiftRow[];
  shifts: ShiftRow[];
}

export const staffDetails = defineTool({
  name: 'staff_details',
  description:
    "One staff member's record: contact details, shifts accepted and completed and hours done (in the period if one is given, else ever), their last shift, upcoming shifts and their shifts in the period (or the 10 most recent). Needs their id: call find_staff first.",
  parameters: {
    type: 'object',
    properties: {
      staff_id: { type: 'string', description: `The staff member's id. ${STAFF_ID_HINT}` },
      ...PERIOD_PROPERTIES,
    },
    required: ['staff_id'],
  },
  parse(raw) {
    const args = argsObject('staff_details', raw, ['staff_id', 'from', 'before']);
    return {
      staff_id: requiredUuid('staff_details', args, 'staff_id', STAFF_ID_HINT),
      ...period('staff_details', args),
    };
  },
  async run(ctx, args) {
    const { data, error } = await ctx.client.rpc('assistant_staff_summary', {
      p_staff_id: args.staff_id,
      p_from: args.from ?? null,
      p_before: args.before ?? null,
      p_now: ctx.now.toISOString(),
    });
    if (error) {
      if ((error as { code?: string }).code === 'P0002') {
        throw new ToolArgumentError(
          `staff_details: no staff member with id ${args.staff_id} works for this agency. ${STAFF_ID_HINT}`,
        );
      }
      readFailed('staff member', error);
    }
    const row = data as SummaryRow;
    const summary = (shift: ShiftRow) => shiftSummary(shift, ctx.timeZone);
    return {
      staff: staffSummary(row.staff),
      shifts_accepted: row.shifts_accepted,
      shifts_completed: row.shifts_completed,
      hours_done: Number(row.hours_done),
      last_shift: row.last_shift ? summary(row.last_shift) : null,
      upcoming: row.upcoming.map(summary),
      shifts: row.shifts.map(summary),
    };
  },
});
