// The built-in assistant (issue 19): answers without any model by mapping the question to the same
// data tools a model would call, then phrasing their results. The handler calls only this.
//
// A question costs at most three tool calls: a find_staff when a name is in it, then the calls of
// its plan (all at once), and one retry with the other spelling of a staff type ("PSW" ↔ "Personal
// Support Worker") when the first found nothing.
import type { AssistantOutcome, ToolName, ToolRunner } from '../tools/types.ts';
import type { ChatMessage } from '../types.ts';
import { planReply } from './intents.ts';
import { callsFor, type ToolCall } from './queries.ts';
import { type AssistantLanguage, detectLanguage, languageVotes } from '../language.ts';
import { phrase, type ToolOutput } from './replies.ts';
import { FRENCH_CLARIFY, FRENCH_UNSUPPORTED, frenchIgnoredNote } from './replies-fr.ts';

export interface BuiltinContext {
  /** The company's IANA time zone: days, weeks and the times in replies are counted in it. */
  timeZone: string;
  now: Date;
  companyName?: string;
  /** The person's chosen language (companies.locale): the reply's when the question does not tell. */
  locale?: string | null;
}

function runCall(run: ToolRunner, call: ToolCall): Promise<ToolOutput> {
  // ToolCall pairs each name with its arguments, which TypeScript cannot follow through a union.
  const untyped = run as (name: ToolName, args: unknown) => Promise<unknown>;
  return untyped(call.name, call.args).then((result) => ({ name: call.name, result }) as ToolOutput);
}

const runAll = (run: ToolRunner, calls: readonly ToolCall[]): Promise<ToolOutput[]> =>
  Promise.all(calls.map((call) => runCall(run, call)));

/**
 * The language to answer in: the last message's (language.ts). A message that says nothing either
 * way ("b", a name, a ShiftID) is most often the answer to our question, so it keeps the language of
 * the message before it; then the stored locale.
 */
function replyLanguage(messages: readonly ChatMessage[], locale: string | null | undefined): AssistantLanguage {
  const asked = messages.filter((m) => m.sender === 'user').map((m) => m.text);
  const last = asked[asked.length - 1] ?? '';
  const previous = asked[asked.length - 2];
  const says = (text: string): boolean => {
    // A letter picked from our lettered question ("a", "b.") is no English "a".
    if (/^\(?[a-z]\)?[.)]?$/i.test(text.trim())) return false;
    const { fr, en } = languageVotes(text);
    return fr !== en;
  };
  if (!says(last) && previous !== undefined && says(previous)) return detectLanguage(previous, locale);
  return detectLanguage(last, locale);
}

/** The built-in assistant's answer to the last user message of the conversation. */
export async function answerBuiltin(
  messages: ChatMessage[],
  ctx: BuiltinContext,
  run: ToolRunner,
): Promise<AssistantOutcome> {
  const language = replyLanguage(messages, ctx.locale);
  const plan = await planReply(messages, ctx, run);
  if (plan.kind === 'clarify') {
    const reply = language === 'fr-CA' ? (plan.french ?? FRENCH_CLARIFY[plan.reply] ?? plan.reply) : plan.reply;
    return { kind: 'clarify', reply, references: plan.references };
  }
  if (plan.kind === 'unsupported') {
    const reply = language === 'fr-CA' ? (plan.french ?? FRENCH_UNSUPPORTED) : plan.reply;
    return { kind: 'unsupported', reply, references: [] };
  }

  let { query } = plan;
  let outputs = await runAll(run, plan.calls);
  if (query.type === 'shifts' && query.staffTypeAlternate) {
    const found = outputs.reduce((n, o) => n + (o.name === 'find_shifts' ? o.result.total : 0), 0);
    if (found === 0) {
      const retry = { ...query, staffType: query.staffTypeAlternate, staffTypeAlternate: undefined };
      const again = await runAll(run, callsFor(retry, ctx.now));
      // Found under the other spelling: answer with it; else say nothing matched as the user wrote it.
      if (again.some((o) => o.name === 'find_shifts' && o.result.total > 0)) {
        query = retry;
        outputs = again;
      }
    }
  }
  const outcome = phrase(query, outputs, { ...ctx, language });
  if (!plan.ignored || plan.ignored.length === 0 || outcome.kind !== 'answer') return outcome;
  if (language === 'fr-CA') return { ...outcome, reply: `${outcome.reply}\n${frenchIgnoredNote(plan.ignored)}` };
  // An answer without some of the question's words says so: it may be an answer to less than was asked.
  const words = plan.ignored.map((w) => `'${w}'`).join(', ');
  const note = `I did not understand ${words}, so I left ${plan.ignored.length === 1 ? 'it' : 'them'} out.`;
  return { ...outcome, reply: `${outcome.reply}\n${note}` };
}

export { ASK_SHIFT, ASK_STAFF, SHIFT_QUICK_PROMPT, STAFF_QUICK_PROMPT } from './prompts.ts';
