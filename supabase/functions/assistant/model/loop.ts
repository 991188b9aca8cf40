// The function-calling loop (issue 19): the model gets the small conversation and the tools'
// declarations, asks for tool calls, gets their results, and repeats until it answers in text.
// Every argument a model writes is untrusted: it is parsed by the tool's own `parse`, and a bad
// argument or an unknown tool becomes a result `{ error: "<sentence>" }` the model can correct.
// Every result is redacted and capped (results.ts) before it is sent. The reply loses every line
// with a payment customer id (SPEC §7) and links only to shifts and staff the tools returned.
//
// What counts against the free plan (the outcome's `kind`):
//   answer       at least one decisive tool call succeeded: the reply was grounded in the agency's
//                data, whatever its wording (a reply that ends in a question still counts, so a
//                prompt cannot make every answer free by asking for a trailing question). Every
//                call is decisive except a lookup that did not settle who or what is meant:
//                find_staff with no match or several tied at the top, shift_details with no shift
//                or several for a ShiftID prefix, find_shifts with an address no shift has,
//                who_can_cover when its description fits no shift or several;
//   clarify      no decisive call, and the reply asks a question (which shift or person, as the
//                SPEC's quick prompts do, or "Which Olivier do you mean?"): not counted;
//   unsupported  no decisive call, and the reply asks nothing (a greeting, "I cannot answer
//                that"): not counted.
// The built-in assistant follows the same rule, so a question costs the same on either path.
// A failure (the provider's error, an empty reply, too many rounds, the time budget) throws, and is not counted
// either; provider errors pass through unchanged so providers.ts's describeModelFailure names them.
// No Deno or npm imports.
import { removeCustomerIdLines } from '../privacy.ts';
import type { AssistantOutcome, Reference, ToolDefinition, ToolRunner } from '../tools/types.ts';
import type { ChatMessage } from '../types.ts';
import { buildConversation } from './conversation.ts';
import { EMPTY_ANSWER, ModelError } from './errors.ts';
import { collectReferences } from './references.ts';
import { MAX_RESULT_CHARS, prepareResult } from './results.ts';
import type { ChatModel, ToolCall, ToolDeclaration, ToolResultEntry } from './types.ts';

export const DEFAULT_MAX_ROUNDS = 6;
/** Calls beyond this in one answer are refused (with a sentence), not run. */
export const MAX_CALLS_PER_ROUND = 8;
export const TOO_MANY_ROUNDS = 'The assistant needed too many steps for this question. Please ask a narrower question.';
/** No new round starts after this: each request has its own timeout, but an edge function's wall
 *  clock is limited too (150 s on Supabase's free plan). */
export const DEFAULT_TIME_BUDGET_MS = 100_000;
export const OUT_OF_TIME = 'The assistant took too long to answer. Please try again.';

export interface ModelContext {
  now: Date;
  /** The company's IANA time zone. */
  timeZone: string;
  companyName?: string | null;
  /** The person's chosen language (companies.locale). */
  locale?: string | null;
}

export interface AnswerWithModelInput {
  provider: ChatModel;
  messages: readonly ChatMessage[];
  tools: readonly ToolDefinition[];
  run: ToolRunner;
  context: ModelContext;
  /** Model requests at most; the last one must answer in text. */
  maxRounds?: number;
  maxResultChars?: number;
  timeBudgetMs?: number;
  /** Milliseconds now; tests pass their own clock. */
  clock?: () => number;
}

export interface ModelOutcome extends AssistantOutcome {
  /** Tool calls the model asked for (refused ones included). */
  toolCalls: number;
  /** Of those, the ones that ran and returned data. */
  succeededCalls: number;
  /** Model requests made. */
  rounds: number;
}

/** The reply asks something: one of its sentences ends with a question mark. */
export function isQuestion(reply: string): boolean {
  return /\?["'»”’)\]]*(\s|$)/u.test(reply);
}

export function outcomeKind(decisiveCalls: number, reply: string): AssistantOutcome['kind'] {
  if (decisiveCalls > 0) return 'answer';
  return isQuestion(reply) ? 'clarify' : 'unsupported';
}

/**
 * Whether a successful call's result settles something. A lookup that found nobody, or several
 * people or shifts the user could mean, only leads to a question back.
 */
export function isDecisive(name: string, result: unknown): boolean {
  // An address no shift has: the reply can only ask again, as the built-in's does (not counted).
  if ((result as { address_matches_nothing?: unknown } | null)?.address_matches_nothing === true) return false;
  // who_can_cover settles something only once it found the one shift (else it lists the candidates).
  if (name === 'who_can_cover') return (result as { shift?: unknown } | null)?.shift != null;
  const matches = (result as { matches?: unknown } | null)?.matches;
  if (!Array.isArray(matches)) return true;
  if (name === 'shift_details') return matches.length === 1;
  if (name === 'find_staff') {
    if (matches.length === 0) return false;
    const top = (matches[0] as { score?: unknown }).score;
    const tied = matches.filter((m) => (m as { score?: unknown }).score === top).length;
    return tied === 1;
  }
  return true;
}

/** A tool's own argument error (tools/registry.ts), known by name so this file needs no import. */
function isArgumentError(error: unknown): error is Error {
  return error instanceof Error && error.name === 'ToolArgumentError';
}

export function toolDeclarations(tools: readonly ToolDefinition[]): ToolDeclaration[] {
  return tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
}

export async function answerWithModel(input: AnswerWithModelInput): Promise<ModelOutcome> {
  const maxRounds = Math.max(1, input.maxRounds ?? DEFAULT_MAX_ROUNDS);
  const maxResultChars = input.maxResultChars ?? MAX_RESULT_CHARS;
  const clock = input.clock ?? Date.now;
  const deadline = clock() + (input.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS);
  const conversation = buildConversation({
    messages: input.messages,
    now: input.context.now,
    timeZone: input.context.timeZone,
    companyName: input.context.companyName,
    locale: input.context.locale,
  });
  const declarations = toolDeclarations(input.tools);
  const byName = new Map<string, ToolDefinition>(input.tools.map((t) => [t.name, t]));
  const names = input.tools.map((t) => t.name).join(', ');
  /** What the model was sent of each successful call, for the references. */
  const sent: unknown[] = [];
  let toolCalls = 0;
  let succeededCalls = 0;
  let decisiveCalls = 0;

  const failed = (call: ToolCall, sentence: string): ToolResultEntry => ({
    callId: call.id,
    name: call.name,
    value: { error: sentence },
    isError: true,
  });

  async function runCall(call: ToolCall): Promise<ToolResultEntry> {
    const tool = byName.get(call.name);
    if (!tool) return failed(call, `There is no tool named ${JSON.stringify(call.name)}. Use one of: ${names}.`);
    let raw: unknown;
    try {
      raw = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
    } catch {
      return failed(call, `The arguments of ${tool.name} are not valid JSON. Send one JSON object.`);
    }
    let args;
    try {
      args = tool.parse(raw);
    } catch (error) {
      if (isArgumentError(error)) return failed(call, error.message);
      console.error(`Parsing the arguments of ${tool.name} failed`, error);
      return failed(call, `The arguments of ${tool.name} do not match its parameters. Check them and call it again.`);
    }
    let result: unknown;
    try {
      result = await input.run(tool.name, args);
    } catch (error) {
      // A tool may find an argument wrong only when it runs (an id of the wrong shape). Any other
      // error is the data's failure, not the model's: it ends the question.
      if (isArgumentError(error)) return failed(call, error.message);
      throw error;
    }
    const prepared = prepareResult(result, maxResultChars);
    const isError = isErrorOnly(prepared.value);
    if (!isError) {
      succeededCalls += 1;
      if (isDecisive(tool.name, result)) decisiveCalls += 1;
      sent.push(prepared.value);
    }
    return { callId: call.id, name: tool.name, value: prepared.value, isError };
  }

  for (let round = 1; round <= maxRounds; round += 1) {
    if (round > 1 && clock() >= deadline) throw new ModelError(OUT_OF_TIME);
    const answer = await input.provider.chat(conversation, declarations);
    if (answer.toolCalls.length === 0) {
      const reply = removeCustomerIdLines(answer.text ?? '');
      if (reply === '') throw new ModelError(EMPTY_ANSWER);
      const references: Reference[] = collectReferences(reply, sent);
      return { kind: outcomeKind(decisiveCalls, reply), reply, references, toolCalls, succeededCalls, rounds: round };
    }
    toolCalls += answer.toolCalls.length;
    conversation.turns.push({
      role: 'assistant',
      text: answer.text ?? '',
      toolCalls: answer.toolCalls,
      ...(answer.native === undefined ? {} : { native: answer.native }),
    });
    const results = await Promise.all(
      answer.toolCalls.map((call, i) =>
        i < MAX_CALLS_PER_ROUND
          ? runCall(call)
          : Promise.resolve(failed(call, `Call at most ${MAX_CALLS_PER_ROUND} tools at once; this call was not run.`)),
      ),
    );
    conversation.turns.push({ role: 'tool', results });
  }
  throw new ModelError(TOO_MANY_ROUNDS);
}

function isErrorOnly(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}
