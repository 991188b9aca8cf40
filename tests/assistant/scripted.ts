/**
 * The question bank on the model path: the script a bank entry gives the local stack's scripted
 * OpenAI-compatible model (stack/src/standins/model.ts), the tool calls read back from the requests
 * it recorded, and which of the entry's facts a generic rendering of the tool results can carry.
 * Plain code with no Deno or npm imports: Node type-checks it and the Deno runner uses it.
 *
 * The script for an entry:
 *   answer   its calls, in order: the first as `calls`, a second as `then`, with a find_staff's first
 *            match id as `{{find_staff.matches.0.id}}` (the bank's staff_id or held_by is what it must
 *            find);
 *            the reply is the stand-in's generic rendering of the results;
 *   clarify  with calls: the same calls, and the rendering followed by "Which one do you mean?";
 *            without: only that question (a quick prompt answered by asking back);
 *   unsupported  no rule: the stand-in asks to rephrase, with no tool call.
 */
import { isDecisive } from '../../supabase/functions/assistant/model/loop.ts';
import type { ScriptedCall, ScriptRule } from '../../stack/src/standins/model.ts';
import type { BankEntry, ToolCall } from './bank.ts';
import { isNumberFact } from './judge.ts';

export const CLARIFY = 'Which one do you mean?';

/** The calls a correct answer makes, in order. */
export function expectedCalls(entry: BankEntry): ToolCall[] {
  if (entry.expect.calls) return entry.expect.calls;
  if (entry.expect.tool) return [{ tool: entry.expect.tool, args: entry.expect.args ?? {} }];
  return [];
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The whole question, and nothing else: other questions may hold this one. */
export function exactMatch(question: string): string {
  return `/^${escapeRegex(question)}$/i`;
}

/** The arguments that carry the id find_staff found: whom the call is about, or whose shift it is. */
export const STAFF_ID_ARGS = ['staff_id', 'held_by'] as const;

function followUp(previous: ToolCall, call: ToolCall): ScriptedCall {
  const args = { ...call.args };
  if (previous.tool === 'find_staff') {
    for (const key of STAFF_ID_ARGS) if (typeof args[key] === 'string') args[key] = '{{find_staff.matches.0.id}}';
  }
  return { name: call.tool, arguments: args };
}

export function scriptRules(entry: BankEntry): ScriptRule[] {
  const calls = expectedCalls(entry);
  if (calls.length > 2) throw new Error(`${entry.id}: the stand-in follows up once; script at most two calls.`);
  const match = exactMatch(entry.question);
  const clarify = entry.expect.kind === 'clarify';
  if (calls.length === 0) return clarify ? [{ match, reply: CLARIFY }] : [];
  const [first, second] = calls as [ToolCall, ToolCall | undefined];
  return [
    {
      match,
      calls: [{ name: first.tool, arguments: first.args }],
      ...(second ? { then: [followUp(first, second)] } : {}),
      ...(clarify ? { reply: `{{results}}\n${CLARIFY}` } : {}),
    },
  ];
}

/** One call the function made, as the model asked for it. */
export interface MadeCall {
  tool: string;
  args: unknown;
}

interface RecordedMessage {
  role?: unknown;
  content?: unknown;
  tool_calls?: { function?: { name?: unknown; arguments?: unknown } }[];
}

export interface RecordedRequest {
  chars: number;
  messages: RecordedMessage[];
  body: string;
}

/** The tool calls of the question: those of the assistant turns after its last user message. */
export function callsMade(request: RecordedRequest): MadeCall[] {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  return request.messages.slice(lastUser + 1).flatMap((message) =>
    message.role === 'assistant' && Array.isArray(message.tool_calls)
      ? message.tool_calls.map((call) => {
          const raw = call.function?.arguments;
          let args: unknown = raw;
          try {
            args = typeof raw === 'string' ? JSON.parse(raw) : raw;
          } catch {
            // kept as the text the model wrote
          }
          return { tool: String(call.function?.name ?? ''), args };
        })
      : [],
  );
}

/** The tool results the function sent back for the question, parsed. */
export function resultsSent(request: RecordedRequest): unknown[] {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  return request.messages.slice(lastUser + 1).flatMap((message) => {
    if (message.role !== 'tool' || typeof message.content !== 'string') return [];
    try {
      return [JSON.parse(message.content) as unknown];
    } catch {
      return [message.content];
    }
  });
}

/** JSON with sorted keys, so two values compare whatever their key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const item of value) numbersIn(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) numbersIn(item, out);
  return out;
}

/**
 * Whether the tool results hold `fact` as a value a rendering can show: a number as a number (a
 * percentage as the rate it is, 80% = 0.8), text inside any string. A fact the results do not hold
 * is one a reply must work out (3 shifts left = limit minus used; "free" = not premium) or echo from
 * the question (an unknown ShiftID): a model may, a generic rendering cannot, so it is not judged.
 */
export function carried(fact: string, results: readonly unknown[]): boolean {
  if (isNumberFact(fact)) {
    const percent = fact.endsWith('%');
    const value = Number(percent ? fact.slice(0, -1) : fact);
    return numbersIn(results).some((n) => Math.abs((percent ? n * 100 : n) - value) < 1e-9);
  }
  return JSON.stringify(results).toLowerCase().includes(fact.toLowerCase());
}

/**
 * The kind a correct reply has on the model path. It follows loop.ts's rule, as the built-in does:
 * a reply grounded in a decisive call is an answer (counted) whatever its wording. A clarify entry
 * whose calls all settled something (the shift quick prompt answered with "100 Queen Street West":
 * find_shifts lists both shifts there, each with its details) is therefore an answer on this path;
 * it stays a clarification only when a call left who or what open (find_staff with several equal
 * matches, shift_details with no shift).
 */
export function modelKind(
  entry: BankEntry,
  made: readonly MadeCall[],
  results: readonly unknown[],
): BankEntry['expect']['kind'] {
  if (entry.expect.kind !== 'clarify' || made.length === 0 || made.length !== results.length) return entry.expect.kind;
  return made.some((call, i) => isDecisive(call.tool, results[i])) ? 'answer' : 'clarify';
}
