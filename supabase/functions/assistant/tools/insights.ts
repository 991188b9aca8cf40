// Aggregates the database computes in one query each (migration 20261125110000_assistant_tools.sql):
// staff rankings, lateness and no-shows, fill rate and time to fill, and the plan's usage. All of
// them take the caller's `now` rather than the database clock, so a test can fix the instant.
import {
  argsObject,
  optionalEnum,
  optionalInteger,
  optionalUuid,
  period,
  PERIOD_PROPERTIES,
  STAFF_ID_HINT,
  withoutUndefined,
} from './args.ts';
import { defineTool } from './define.ts';
import { ToolArgumentError } from './errors.ts';
import { numberOrNull, readFailed, type ShiftRow, shiftSummary } from './rows.ts';
import type { RankingMetric } from './types.ts';

const METRICS: readonly RankingMetric[] = ['most_accepted', 'most_hours', 'fastest_to_accept'];

export const staffRanking = defineTool({
  name: 'staff_ranking',
  description:
    'Ranks staff over the shifts starting in a period (or ever): most_accepted = most shifts accepted; most_hours = most clocked hours on completed shifts; fastest_to_accept = lowest median minutes from posting to acceptance. Each row has the value and the number of shifts behind it.',
  parameters: {
    type: 'object',
    properties: {
      metric: { type: 'string', enum: METRICS, description: 'What to rank by.' },
      ...PERIOD_PROPERTIES,
      limit: { type: 'integer', minimum: 1, maximum: 50, description: 'How many staff to return (default 10).' },
    },
    required: ['metric'],
  },
  parse(raw) {
    const tool = 'staff_ranking';
    const args = argsObject(tool, raw, ['metric', 'from', 'before', 'limit']);
    const metric = optionalEnum(tool, args, 'metric', METRICS);
    if (metric === undefined) throw new ToolArgumentError(`${tool}: metric is required: one of ${METRICS.join(', ')}.`);
    const limit = optionalInteger(tool, args, 'limit', 1, 50);
    return { metric, ...period(tool, args), ...(limit !== undefined ? { limit } : {}) };
  },
  async run(ctx, args) {
    const { data, error } = await ctx.client.rpc('assistant_staff_ranking', {
      p_metric: args.metric,
      p_from: args.from ?? null,
      p_before: args.before ?? null,
      p_limit: args.limit ?? 10,
    });
    if (error) readFailed('staff ranking', error);
    const rows = (data ?? []) as { staff_id: string; staff_name: string; value: number | string; shifts: number }[];
    return {
      metric: args.metric,
      rows: rows.map((row) => ({
        staff: { id: row.staff_id, name: row.staff_name },
        value: numberOrNull(row.value) ?? 0,
        shifts: row.shifts,
      })),
    };
  },
});

export const attendance = defineTool({
  name: 'attendance',
  description:
    "Late clock-ins (more than 10 minutes after the start, with minutes late) and no-shows (accepted shifts that started before now without a clock-in) among the shifts starting in a period (or ever), of one staff member if staff_id is given, most recent first, with their totals and each staff member's counts (by_staff, most first: who is late most often).",
  parameters: {
    type: 'object',
    properties: {
      ...PERIOD_PROPERTIES,
      staff_id: { type: 'string', description: `Only this staff member's shifts. ${STAFF_ID_HINT}` },
    },
  },
  parse(raw) {
    const args = argsObject('attendance', raw, ['from', 'before', 'staff_id']);
    return withoutUndefined({
      ...period('attendance', args),
      staff_id: optionalUuid('attendance', args, 'staff_id', STAFF_ID_HINT),
    });
  },
  async run(ctx, args) {
    const { data, error } = await ctx.client.rpc('assistant_attendance', {
      p_from: args.from ?? null,
      p_before: args.before ?? null,
      p_now: ctx.now.toISOString(),
      p_staff_id: args.staff_id ?? null,
    });
    if (error) readFailed('attendance', error);
    const row = data as {
      late: { shift: ShiftRow; minutes_late: number }[];
      late_total: number;
      no_shows: ShiftRow[];
      no_show_total: number;
      by_staff: { staff: { id: string; name: string }; late: number; no_shows: number }[];
    };
    return {
      late: row.late.map((l) => ({ shift: shiftSummary(l.shift, ctx.timeZone), minutes_late: l.minutes_late })),
      no_shows: row.no_shows.map((shift) => shiftSummary(shift, ctx.timeZone)),
      late_total: row.late_total,
      no_show_total: row.no_show_total,
      by_staff: row.by_staff,
    };
  },
});

export const fillStats = defineTool({
  name: 'fill_stats',
  description:
    'Fill statistics for the shifts STARTING in a period (or ever): how many were posted, how many filled (accepted), the fill rate (0 to 1), the median and average minutes from posting to acceptance, and how many expired unfilled (started without anyone accepting).',
  parameters: { type: 'object', properties: { ...PERIOD_PROPERTIES } },
  parse(raw) {
    return period('fill_stats', argsObject('fill_stats', raw, ['from', 'before']));
  },
  async run(ctx, args) {
    const { data, error } = await ctx.client
      .rpc('assistant_fill_stats', {
        p_from: args.from ?? null,
        p_before: args.before ?? null,
        p_now: ctx.now.toISOString(),
      })
      .single();
    if (error) readFailed('fill statistics', error);
    const row = data as Record<string, unknown>;
    return {
      posted: Number(row.posted),
      filled: Number(row.filled),
      fill_rate: numberOrNull(row.fill_rate),
      median_minutes_to_fill: numberOrNull(row.median_minutes_to_fill),
      average_minutes_to_fill: numberOrNull(row.average_minutes_to_fill),
      expired_unfilled: Number(row.expired_unfilled),
    };
  },
});

export const planUsage = defineTool({
  name: 'plan_usage',
  description:
    "The agency's plan: whether it is Premium, shifts used of the free plan's 10, staff employed of its 30, and assistant questions left this month (limits are null on Premium: unlimited).",
  parameters: { type: 'object', properties: {} },
  parse(raw) {
    argsObject('plan_usage', raw, []);
    return {};
  },
  async run(ctx) {
    const { data, error } = await ctx.client.rpc('assistant_plan_usage', { p_now: ctx.now.toISOString() }).single();
    if (error) readFailed('plan', error);
    const row = data as Record<string, unknown>;
    return {
      premium: row.premium === true,
      shifts_used: Number(row.shifts_used),
      shift_limit: numberOrNull(row.shift_limit),
      staff_count: Number(row.staff_count),
      staff_limit: numberOrNull(row.staff_limit),
      questions_left: numberOrNull(row.questions_left),
    };
  },
});
