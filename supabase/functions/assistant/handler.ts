// POST { messages: [{ sender: 'user' | 'ai', text }] } →
//   { reply, answeredBy, kind, counted, remaining, references }.
//
// The assistant of SPEC §7 (issue 19): reserves one question of the plan (database, caller's JWT),
// then answers with the data tools (tools/), which read only the caller's own rows under RLS and
// redact push tokens, employment times and payment ids: the built-in assistant maps the question
// to tool calls itself (builtin/), a configured model calls the tools through function calling
// (model/loop.ts). Every reply line mentioning a payment customer id is removed.
//
// Only answers count against the free plan: a clarifying question, a "can't answer" reply and a
// failure give the question back (`counted: false`).
//
// Statuses: 200 for an answer, and also for a failed or empty model answer, whose reply is
// "Sorry, I can't help with that. <reason>" (SPEC §8: the chat shows it as the AI's message) with
// `failed: true`. 429 `quota_exceeded` when a free-plan company has used its questions this month;
// 400/401/403/405/500/502 as the other functions.
import { handlePreflight } from '../_shared/cors.ts';
import type { Env } from '../_shared/env.ts';
import { HttpError, json, readJsonObject, requirePost, toErrorResponse } from '../_shared/http.ts';
import { bearerToken, requireUser, type SupabaseClient, type UserClientFactory } from '../_shared/supabase.ts';
import { DEFAULT_TIME_ZONE } from '../_shared/time-zone.ts';
import { rejectUnknownFields } from '../_shared/validation.ts';
import { answerBuiltin } from './builtin/index.ts';
import { answerWithModel } from './model/loop.ts';
import { removeCustomerIdLines } from './privacy.ts';
import { describeModelFailure, type Provider, selectProvider } from './providers.ts';
import { QuotaExceeded, quotaExceededResponse, refundQuestion, reserveQuestion } from './quota.ts';
import { ToolReadError } from './tools/errors.ts';
import { createToolRunner, TOOLS } from './tools/registry.ts';
import type { AssistantOutcome, Reference, ToolContext, ToolRunner } from './tools/types.ts';
import type { ChatMessage } from './types.ts';

export const MAX_MESSAGES = 40;
export const MAX_MESSAGE_LENGTH = 4000;
export const MAX_REQUEST_BYTES = 256 * 1024;
export const SORRY = "Sorry, I can't help with that.";
/** The companies table's default zone, for a company row without one. */

export interface AssistantDeps {
  env: Env;
  createUserClient: UserClientFactory;
  /** Defaults to the provider the env chooses; tests may pass their own. */
  provider?: Provider;
  /** For the model SDKs (tests point them at a local server through the env's base URLs anyway). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
  /** The data tools for one request; the real ones read the database with the caller's client. */
  createTools?: (ctx: ToolContext) => ToolRunner;
}

export interface AssistantAnswer {
  reply: string;
  answeredBy: 'model' | 'builtin';
  /** What the reply is; only an answer counts against the plan. */
  kind: AssistantOutcome['kind'];
  /** Whether this question used one of the free plan's monthly questions. */
  counted: boolean;
  /** Questions left this calendar month on the free plan; null on premium. */
  remaining: number | null;
  /** Shifts and staff the reply names, for the dashboard to link (each label is in the reply). */
  references: Reference[];
  /** Present (true) when no answer came: the reply is the apology and the question was not counted. */
  failed?: true;
}

function invalid(message: string): never {
  throw new HttpError(400, 'invalid_input', message);
}

/** The conversation of SPEC §3, oldest first, ending with the user's new question. */
export function parseMessages(body: Record<string, unknown>): ChatMessage[] {
  rejectUnknownFields(body, ['messages']);
  const raw = body.messages;
  if (raw === undefined || raw === null) invalid('messages is required.');
  if (!Array.isArray(raw)) invalid('messages must be an array of { sender, text }.');
  if (raw.length === 0) invalid('messages must not be empty.');
  if (raw.length > MAX_MESSAGES) invalid(`messages must hold at most ${MAX_MESSAGES} messages.`);
  const messages = raw.map((item, i): ChatMessage => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      invalid(`messages[${i}] must be an object with sender and text.`);
    }
    const { sender, text, ...rest } = item as Record<string, unknown>;
    const extra = Object.keys(rest);
    if (extra.length > 0) invalid(`messages[${i}] has unknown fields: ${extra.join(', ')}. Allowed: sender, text.`);
    if (sender !== 'user' && sender !== 'ai') invalid(`messages[${i}].sender must be 'user' or 'ai'.`);
    if (typeof text !== 'string') invalid(`messages[${i}].text must be a string.`);
    const trimmed = text.trim();
    if (trimmed === '') invalid(`messages[${i}].text must not be empty.`);
    if (trimmed.length > MAX_MESSAGE_LENGTH) {
      invalid(`messages[${i}].text must be at most ${MAX_MESSAGE_LENGTH} characters.`);
    }
    return { sender, text: trimmed };
  });
  if (messages[messages.length - 1]?.sender !== 'user') invalid('The last message must be from the user.');
  return messages;
}

interface CompanyContext {
  name: string | null;
  timeZone: string;
  /** The person's chosen language (companies.locale, issue 29): the tiebreaker for the reply's. */
  locale: string | null;
}

/** The caller's company: its name and zone for the answer; none means the caller is not a company. */
async function readCompany(client: SupabaseClient, companyId: string): Promise<CompanyContext> {
  const { data, error } = await client
    .from('companies')
    .select('company_name, time_zone, locale')
    .eq('id', companyId)
    .maybeSingle();
  if (error) {
    console.error('Reading the company failed', error);
    throw new HttpError(502, 'upstream_error', 'Your company profile could not be read. Please try again.');
  }
  if (!data) throw new HttpError(403, 'forbidden', 'Only company accounts can use the assistant.');
  const row = data as { company_name?: string | null; time_zone?: string | null; locale?: string | null };
  return { name: row.company_name ?? null, timeZone: row.time_zone || DEFAULT_TIME_ZONE, locale: row.locale ?? null };
}

/** A tool's read failure as the function's own error. */
function toHttpError(error: unknown): unknown {
  if (!(error instanceof ToolReadError)) return error;
  return error.reason === 'forbidden'
    ? new HttpError(403, 'forbidden', 'Only company accounts can use the assistant.')
    : new HttpError(502, 'upstream_error', 'Your shifts and staff could not be read. Please try again.');
}

export function createAssistantHandler(deps: AssistantDeps): (req: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const createTools = deps.createTools ?? createToolRunner;
  return async (req) => {
    const preflight = handlePreflight(req);
    if (preflight) return preflight;
    try {
      requirePost(req);
      const token = bearerToken(req);
      const messages = parseMessages(await readJsonObject(req, MAX_REQUEST_BYTES));
      const provider = deps.provider ?? selectProvider(deps.env, { fetch: deps.fetch, timeoutMs: deps.timeoutMs });
      const answeredBy = provider.kind === 'builtin' ? 'builtin' : 'model';

      const client = deps.createUserClient(`Bearer ${token}`);
      const user = await requireUser(client, token);
      // The count and the company read run together; a refused question wastes one read, never a count.
      const [counted, company] = await Promise.allSettled([reserveQuestion(client), readCompany(client, user.id)]);
      if (counted.status === 'rejected') throw counted.reason;
      const reservation = counted.value;

      let outcome: AssistantOutcome;
      try {
        if (company.status === 'rejected') throw company.reason;
        const at = now();
        const { name, timeZone, locale } = company.value;
        const run = createTools({ client, companyId: user.id, timeZone, now: at });
        if (provider.kind === 'builtin') {
          outcome = await answerBuiltin(messages, { timeZone, now: at, companyName: name ?? undefined, locale }, run);
        } else {
          try {
            outcome = await answerWithModel({
              provider,
              messages,
              tools: Object.values(TOOLS),
              run,
              context: { now: at, timeZone, companyName: name, locale },
            });
          } catch (error) {
            if (error instanceof ToolReadError || error instanceof HttpError) throw error;
            console.error('The model failed', error);
            const remaining = await refundQuestion(client, reservation);
            return json({
              reply: `${SORRY} ${describeModelFailure(error)}`,
              answeredBy,
              kind: 'unsupported',
              counted: false,
              remaining,
              references: [],
              failed: true,
            } satisfies AssistantAnswer);
          }
        }
      } catch (error) {
        // Reading the data (or the built-in assistant) failed: the question is given back too.
        await refundQuestion(client, reservation);
        throw toHttpError(error);
      }

      const reply = removeCustomerIdLines(outcome.reply);
      const isAnswer = outcome.kind === 'answer';
      const remaining = isAnswer ? reservation.remaining : await refundQuestion(client, reservation);
      return json({
        reply,
        answeredBy,
        kind: outcome.kind,
        counted: isAnswer,
        remaining,
        // A label the customer-id filter removed is no longer in the reply: nothing to link.
        references: outcome.references.filter((ref) => reply.includes(ref.label)),
      } satisfies AssistantAnswer);
    } catch (error) {
      if (error instanceof QuotaExceeded) return quotaExceededResponse(error);
      return toErrorResponse(error);
    }
  };
}
