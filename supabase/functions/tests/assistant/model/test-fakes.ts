// Fakes for the model path's tests (imported only by *.test.ts files): a small tool registry that
// follows the contract of ../tools/types.ts (JSON-schema parameters, parse, run), an agency of any
// size, and a scripted ChatModel that records every conversation it is sent, as JSON.
import type { SupabaseClient } from '../../../_shared/supabase.ts';
import type {
  FindShiftsArgs,
  FindStaffArgs,
  ListStaffArgs,
  ShiftList,
  ShiftSummary,
  StaffList,
  StaffMatches,
  StaffSummary,
  ToolArgs,
  ToolContext,
  ToolDefinition,
  ToolName,
  ToolResult,
  ToolRunner,
} from '../../../assistant/tools/types.ts';
import { ToolArgumentError } from '../../../assistant/tools/errors.ts';
import type { ChatModel, Conversation, ModelReply, ToolCall, ToolDeclaration } from '../../../assistant/model/types.ts';

export const NOW = new Date('2026-11-21T15:00:00Z');
export const ZONE = 'America/Toronto';
export const PUSH_TOKEN = 'ExponentPushToken[secret-device-1]';
export const CUSTOMER_ID = 'cus_SecretCustomer42';
export const ADDED_AT = '2026-01-02T03:04:05Z';

const hex = (n: number): string => n.toString(16).padStart(8, '0');

export function fakeShift(n: number, overrides: Partial<ShiftSummary> = {}): ShiftSummary {
  const id = `${hex(0xa0000000 + n)}-0000-4000-8000-000000000000`;
  const starts = new Date(NOW.getTime() + n * 3600_000);
  return {
    id,
    short_id: id.slice(0, 8),
    status: 'Pending',
    staff_type: 'PSW',
    skill: 'Personal care',
    address: `${100 + n} Queen St W, Toronto, ON M5H 2N2`,
    city: 'Toronto',
    starts_at: starts.toISOString(),
    ends_at: new Date(starts.getTime() + 8 * 3600_000).toISOString(),
    starts_local: `Shift ${n} start`,
    duration_minutes: 480,
    created_at: NOW.toISOString(),
    notes: null,
    accepted_by: null,
    accepted_at: null,
    clocked_in_at: null,
    clocked_out_at: null,
    hours_done: null,
    ...overrides,
  };
}

export const AMELIA: StaffSummary = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  name: 'Amelia Tremblay',
  first_name: 'Amelia',
  last_name: 'Tremblay',
  phone: '4165550142',
  email: 'amelia.tremblay@example.com',
  on_shift: false,
};
export const JORDAN: StaffSummary = {
  id: 'bbbbbbbb-0000-4000-8000-000000000002',
  name: 'Jordan Lee',
  first_name: 'Jordan',
  last_name: 'Lee',
  phone: null,
  email: 'jordan.lee@example.com',
  on_shift: true,
};

export interface FakeAgency {
  shifts: ShiftSummary[];
  staff: StaffSummary[];
  /** Extra fields a careless tool might leak, merged into every staff row list_staff returns. */
  leak?: Record<string, unknown>;
}

export function fakeAgency(shiftCount: number, overrides: Partial<FakeAgency> = {}): FakeAgency {
  return {
    shifts: Array.from({ length: shiftCount }, (_, i) => fakeShift(i + 1)),
    staff: [AMELIA, JORDAN],
    ...overrides,
  };
}

function objectArgs(raw: unknown): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ToolArgumentError('The arguments must be a JSON object.');
  }
  return raw as Record<string, unknown>;
}

/**
 * Three tools as the registry defines them. find_shifts honours any `limit` it is given (the real
 * one caps it at 50): the loop's own size cap is what keeps a prompt small here.
 */
export function fakeTools(agency: FakeAgency): ToolDefinition[] {
  const findShifts: ToolDefinition<'find_shifts'> = {
    name: 'find_shifts',
    description: 'Shifts by status, soonest first, with the total that match.',
    parameters: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['Pending', 'Assigned', 'In-progress', 'Completed'] },
        limit: { type: 'integer', minimum: 1 },
      },
      additionalProperties: false,
    },
    parse(raw): FindShiftsArgs {
      const args = objectArgs(raw);
      const status = args.status;
      if (status !== undefined && !['Pending', 'Assigned', 'In-progress', 'Completed'].includes(String(status))) {
        throw new ToolArgumentError('status must be one of Pending, Assigned, In-progress, Completed.');
      }
      if (args.limit !== undefined && (typeof args.limit !== 'number' || args.limit < 1)) {
        throw new ToolArgumentError('limit must be a positive whole number.');
      }
      return { status: status as FindShiftsArgs['status'], limit: args.limit as number | undefined };
    },
    run(_ctx: ToolContext, args: FindShiftsArgs): Promise<ShiftList> {
      const matches = agency.shifts.filter((s) => !args.status || s.status === args.status);
      return Promise.resolve({ total: matches.length, shifts: matches.slice(0, args.limit ?? 25) });
    },
  };
  const findStaff: ToolDefinition<'find_staff'> = {
    name: 'find_staff',
    description: 'Staff members whose name matches, best first.',
    parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    parse(raw): FindStaffArgs {
      const args = objectArgs(raw);
      if (typeof args.name !== 'string' || args.name.trim() === '') {
        throw new ToolArgumentError('name is required: give the name as the user typed it.');
      }
      return { name: args.name };
    },
    run(_ctx: ToolContext, args: FindStaffArgs): Promise<StaffMatches> {
      const word = args.name.toLowerCase();
      return Promise.resolve({
        matches: agency.staff
          .filter((s) => s.name.toLowerCase().includes(word))
          .map((s) => ({ ...s, score: 1, exact: true })),
      });
    },
  };
  const listStaff: ToolDefinition<'list_staff'> = {
    name: 'list_staff',
    description: 'Employed staff members.',
    parameters: { type: 'object', properties: { on_shift: { type: 'boolean' } } },
    parse(raw): ListStaffArgs {
      const args = objectArgs(raw);
      // A careless parse: a wrong type fails with a TypeError, not a ToolArgumentError.
      if (args.on_shift !== undefined && typeof args.on_shift !== 'boolean') {
        throw new TypeError(`Cannot convert ${String(args.on_shift)} at parse.ts:12`);
      }
      return {};
    },
    run(_ctx: ToolContext, _args: ListStaffArgs): Promise<StaffList> {
      const staff = agency.staff.map((s) => ({ ...s, ...agency.leak }));
      return Promise.resolve({ total: staff.length, staff });
    },
  };
  return [findShifts, findStaff, listStaff] as unknown as ToolDefinition[];
}

/** createToolRunner's shape over a registry; the context is never read by the fakes. */
export function fakeRunner(tools: readonly ToolDefinition[], log: { name: string; args: unknown }[] = []): ToolRunner {
  const ctx = { client: null as unknown as SupabaseClient, companyId: 'company', timeZone: ZONE, now: NOW };
  return (<N extends ToolName>(name: N, args: ToolArgs<N>): Promise<ToolResult<N>> => {
    log.push({ name, args });
    const tool = tools.find((t) => t.name === name);
    if (!tool) return Promise.reject(new Error(`no tool ${name}`));
    return tool.run(ctx, args as never) as Promise<ToolResult<N>>;
  }) as ToolRunner;
}

export interface ScriptedModel extends ChatModel {
  /** Every conversation sent, as the JSON a provider would get (system, turns, tools). */
  sent: string[];
  conversations: Conversation[];
}

let callCounter = 0;
export function call(name: string, args: unknown): ToolCall {
  callCounter += 1;
  return { id: `call_${callCounter}`, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) };
}

/** A model that answers with each step in turn; a step may look at what it was sent. */
export function scriptedModel(
  steps: (ModelReply | ((conversation: Conversation, tools: readonly ToolDeclaration[]) => ModelReply))[],
): ScriptedModel {
  const sent: string[] = [];
  const conversations: Conversation[] = [];
  let at = 0;
  return {
    sent,
    conversations,
    chat(conversation, tools) {
      const copy = structuredClone(conversation);
      conversations.push(copy);
      sent.push(JSON.stringify({ ...copy, tools }));
      const step = steps[Math.min(at, steps.length - 1)];
      at += 1;
      if (!step) return Promise.reject(new Error('the script is empty'));
      return Promise.resolve(typeof step === 'function' ? step(copy, tools) : step);
    },
  };
}

export const text = (reply: string): ModelReply => ({ text: reply, toolCalls: [] });
export const calls = (...toolCalls: ToolCall[]): ModelReply => ({ text: '', toolCalls });
