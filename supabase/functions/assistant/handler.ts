// POST { messages: [{ sender: 'user' | 'ai', text }] } → { reply, answeredBy, remaining }.
//
// The assistant of SPEC §7: counts the question against the plan (database, caller's JWT), reads
// the caller's company, employed staff and shifts with the caller's own JWT (RLS bounds what any
// model can ever see), removes push tokens, employment times and payment ids, and answers with the
// configured model (one prompt: instruction, history, data fenced as untrusted) or the built-in
// assistant. Every reply line mentioning a payment customer id is removed.
//
// Statuses: 200 for an answer, and also for a failed or empty model answer, whose reply is
// "Sorry, I can't help with that. <reason>" (SPEC §8: the chat shows it as the AI's message) with
// `failed: true`; such questions are given back. 429 `quota_exceeded` when a free-plan company has
// used its questions this month; 400/401/403/405/500/502 as the other functions.
import { handlePreflight } from '../_shared/cors.ts';
import type { Env } from '../_shared/env.ts';
import { HttpError, json, readJsonObject, requirePost, toErrorResponse } from '../_shared/http.ts';
import { bearerToken, requireUser, type UserClientFactory } from '../_shared/supabase.ts';
import { rejectUnknownFields } from '../_shared/validation.ts';
import { answerBuiltin } from './builtin.ts';
import { loadAgencyData, redactAgencyData } from './data.ts';
import { removeCustomerIdLines } from './privacy.ts';
import { buildPrompt, MAX_PROMPT_TOKENS } from './prompt.ts';
import { describeModelFailure, EMPTY_ANSWER, type Provider, selectProvider } from './providers.ts';
import { QuotaExceeded, quotaExceededResponse, refundQuestion, reserveQuestion } from './quota.ts';
import type { ChatMessage } from './types.ts';

export const MAX_MESSAGES = 40;
export const MAX_MESSAGE_LENGTH = 4000;
export const MAX_REQUEST_BYTES = 256 * 1024;
export const SORRY = "Sorry, I can't help with that.";

export interface AssistantDeps {
  env: Env;
  createUserClient: UserClientFactory;
  /** Defaults to the provider the env chooses; tests may pass their own. */
  provider?: Provider;
  /** For the OpenAI SDK (tests point it at a local server through OPENAI_BASE_URL anyway). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

export interface AssistantAnswer {
  reply: string;
  answeredBy: 'model' | 'builtin';
  /** Questions left this calendar month on the free plan; null on premium. */
  remaining: number | null;
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

export function createAssistantHandler(deps: AssistantDeps): (req: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const maxTokens =
    Number(deps.env.AI_MAX_PROMPT_TOKENS) > 0 ? Number(deps.env.AI_MAX_PROMPT_TOKENS) : MAX_PROMPT_TOKENS;
  return async (req) => {
    const preflight = handlePreflight(req);
    if (preflight) return preflight;
    try {
      requirePost(req);
      const token = bearerToken(req);
      const messages = parseMessages(await readJsonObject(req, MAX_REQUEST_BYTES));
      const provider = deps.provider ?? selectProvider(deps.env, { fetch: deps.fetch, timeoutMs: deps.timeoutMs });

      const client = deps.createUserClient(`Bearer ${token}`);
      const user = await requireUser(client, token);
      // The count and the reads run together; a refused question wastes one read, never a count.
      const [counted, loaded] = await Promise.allSettled([reserveQuestion(client), loadAgencyData(client, user.id)]);
      if (counted.status === 'rejected') throw counted.reason;
      const reservation = counted.value;

      let answer: AssistantAnswer;
      try {
        if (loaded.status === 'rejected') throw loaded.reason;
        const data = redactAgencyData(loaded.value);
        if (provider.kind === 'builtin') {
          answer = {
            reply: removeCustomerIdLines(answerBuiltin(data, messages, now())),
            answeredBy: 'builtin',
            remaining: reservation.remaining,
          };
        } else {
          const prompt = buildPrompt({ messages, data, now: now(), maxTokens });
          let reply: string;
          try {
            reply = removeCustomerIdLines(await provider.generate(prompt));
          } catch (error) {
            console.error('The model failed', error);
            const remaining = await refundQuestion(client, reservation);
            return json({
              reply: `${SORRY} ${describeModelFailure(error)}`,
              answeredBy: 'model',
              remaining,
              failed: true,
            } satisfies AssistantAnswer);
          }
          if (reply === '') {
            const remaining = await refundQuestion(client, reservation);
            return json({ reply: `${SORRY} ${EMPTY_ANSWER}`, answeredBy: 'model', remaining, failed: true });
          }
          answer = { reply, answeredBy: 'model', remaining: reservation.remaining };
        }
      } catch (error) {
        // Reading the data (or the built-in assistant) failed: the question is given back too.
        await refundQuestion(client, reservation);
        throw error;
      }
      return json(answer);
    } catch (error) {
      if (error instanceof QuotaExceeded) return quotaExceededResponse(error);
      return toErrorResponse(error);
    }
  };
}
