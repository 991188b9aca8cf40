// Every tool by name, and the runner both the built-in assistant and the model loop call. The
// runner checks the arguments again with the tool's own parse (typed callers can still pass a limit
// of 500), so a tool's `run` only ever sees arguments its parse accepted.
import { whoCanCover } from './cover.ts';
import { attendance, fillStats, planUsage, staffRanking } from './insights.ts';
import { findShifts, openShiftsStartingWithin, shiftCounts, shiftDetails } from './shifts.ts';
import { findStaff, listStaff, staffDetails } from './staff.ts';
import type { ToolContext, ToolDefinition, ToolName, ToolRunner } from './types.ts';

export const TOOLS: { [N in ToolName]: ToolDefinition<N> } = {
  find_shifts: findShifts,
  open_shifts_starting_within: openShiftsStartingWithin,
  shift_details: shiftDetails,
  shift_counts: shiftCounts,
  find_staff: findStaff,
  list_staff: listStaff,
  staff_details: staffDetails,
  staff_ranking: staffRanking,
  attendance,
  fill_stats: fillStats,
  plan_usage: planUsage,
  who_can_cover: whoCanCover,
};

export const TOOL_NAMES = Object.keys(TOOLS) as ToolName[];

export function isToolName(name: unknown): name is ToolName {
  return typeof name === 'string' && Object.hasOwn(TOOLS, name);
}

export function createToolRunner(ctx: ToolContext): ToolRunner {
  return async (name, args) => {
    const tool = TOOLS[name] as ToolDefinition<typeof name>;
    return await tool.run(ctx, tool.parse(args));
  };
}
