import { loadSupabase } from '@shared/lib/supabase.ts';
import type { AnsweredBy } from '../assistant-text.ts';
import type { AssistantAnswer, AssistantFailure } from '../chat-conversation.ts';
import type { HistoryMessage } from '../chat-rules.ts';
import { readReferences } from '../reply-references.ts';

/** Longer than the function's own model timeout, so its apology arrives before we give up. */
const REQUEST_TIMEOUT_MS = 90_000;

// For logs only: the panel says these failures in the person's language, by code
// (PanelReason in chat-conversation.ts); the function's own refusals keep its words.
const NETWORK_ERROR = 'The assistant function could not be reached';
const UNKNOWN_ERROR = 'The assistant function did not answer as expected';

/** Thrown by askAssistant: the function's `{ error: { code, message } }`, or why no answer came. */
export class AssistantRequestError extends Error implements AssistantFailure {
  readonly code: string;
  readonly status: number | null;

  constructor(code: string, message: string, status: number | null) {
    super(message);
    this.name = 'AssistantRequestError';
    this.code = code;
    this.status = status;
  }
}

function isAnsweredBy(value: unknown): value is AnsweredBy {
  return value === 'model' || value === 'builtin';
}

async function readError(response: Response): Promise<AssistantRequestError> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = body.error ?? {};
    if (typeof code === 'string' && typeof message === 'string' && message.trim() !== '') {
      return new AssistantRequestError(code, message, response.status);
    }
  } catch {
    // Not the function's JSON (a gateway page, say): fall through to the generic message.
  }
  return new AssistantRequestError('http_error', UNKNOWN_ERROR, response.status);
}

/**
 * Asks the `assistant` edge function (JWT required) with the conversation, oldest first, ending
 * with the new question. Resolves with its answer (which may be its own apology, `failed: true`);
 * throws an AssistantRequestError otherwise, `quota_exceeded` when the free plan is used up.
 */
export async function askAssistant(messages: HistoryMessage[]): Promise<AssistantAnswer> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<unknown>('assistant', {
    body: { messages },
    timeout: REQUEST_TIMEOUT_MS,
  });
  if (error) {
    // FunctionsHttpError carries the Response; checked by shape so the dashboard chunk does not pull
    // functions-js' error classes out of the lazily loaded supabase-js chunk.
    const context: unknown = (error as { context?: unknown }).context;
    if (context instanceof Response) throw await readError(context);
    throw new AssistantRequestError('network_error', NETWORK_ERROR, null);
  }
  const answer = data as Partial<Record<keyof AssistantAnswer, unknown>> | null;
  if (!answer || typeof answer.reply !== 'string' || !isAnsweredBy(answer.answeredBy)) {
    throw new AssistantRequestError('invalid_answer', UNKNOWN_ERROR, 200);
  }
  // `counted` and `references` are newer than the function's first version: absent means unknown / none.
  const references = readReferences(answer.references);
  return {
    reply: answer.reply,
    answeredBy: answer.answeredBy,
    remaining: typeof answer.remaining === 'number' ? answer.remaining : null,
    ...(typeof answer.counted === 'boolean' && { counted: answer.counted }),
    ...(references.length > 0 && { references }),
    ...(answer.failed === true && { failed: true }),
  };
}
