// Which model answers, chosen by the function's secrets (never by a request):
//   AI_PROVIDER=gemini  Google Gemini through the official @google/genai SDK (GEMINI_API_KEY, AI_MODEL)
//   AI_PROVIDER=openai  any OpenAI-compatible endpoint through the official openai SDK
//                       (OPENAI_BASE_URL, OPENAI_API_KEY, AI_MODEL), e.g. a local Ollama or vLLM
//   none / unset        the built-in assistant, which needs no model
// A provider answers one step of function calling (`chat`, driven by model/loop.ts; the adapters are
// model/openai-chat.ts and model/gemini-chat.ts): text, or calls to the tools it is given. Errors become plain sentences that never name the provider (SPEC §9);
// details go to the log.
import { GoogleGenAI } from 'npm:@google/genai@3.1.0';
import OpenAI from 'npm:openai@7.57.0';
import { baseUrl, type Env, requireEnv } from '../_shared/env.ts';
import { HttpError } from '../_shared/http.ts';
import { geminiChatModel } from './model/gemini-chat.ts';
import { ModelError } from './model/errors.ts';
import { openAiChatModel } from './model/openai-chat.ts';
import type { ChatModel } from './model/types.ts';

export { EMPTY_ANSWER, ModelError } from './model/errors.ts';

export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * A configured model: `chat` is one step of function calling (model/loop.ts); it answers with
 * text, or with calls to the tools it is given.
 */
export interface ModelProvider extends ChatModel {
  kind: 'model';
}

export type Provider = ModelProvider | { kind: 'builtin' };

function misconfigured(message: string): never {
  console.error(message);
  throw new HttpError(500, 'misconfigured', 'This function is not configured yet. Please contact support.');
}

/** The HTTP status of an SDK error, if it has one. */
function statusOf(error: unknown): number | undefined {
  const e = error as { status?: unknown; code?: unknown } | null;
  if (typeof e?.status === 'number') return e.status;
  if (typeof e?.code === 'number') return e.code;
  return undefined;
}

/** An SDK error as a sentence that names no provider and carries nothing from the upstream body. */
export function describeModelFailure(error: unknown): string {
  if (error instanceof ModelError) return error.message;
  const name = (error as { name?: unknown } | null)?.name;
  const text = error instanceof Error ? error.message : String(error);
  if (name === 'APIConnectionTimeoutError' || name === 'TimeoutError' || /timed? ?out|timeout/i.test(text)) {
    return 'The assistant took too long to answer. Please try again.';
  }
  const status = statusOf(error);
  if (status === 401 || status === 403) return 'The assistant service refused its credentials. Please contact support.';
  if (status === 404) return 'The configured assistant model was not found. Please contact support.';
  if (status === 429) return 'The assistant is busy right now. Please try again in a minute.';
  if (status === 400 || status === 413 || status === 422) return 'The assistant could not read this question.';
  if (status !== undefined && status >= 500) return 'The assistant service had a problem. Please try again.';
  return 'The assistant service could not be reached. Please try again.';
}

export interface ProviderOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function openAiProvider(env: Env, options: ProviderOptions = {}): ModelProvider {
  const url = baseUrl(env, 'OPENAI_BASE_URL', DEFAULT_OPENAI_BASE_URL);
  const model = env.AI_MODEL?.trim() || misconfigured('Missing setting AI_MODEL for AI_PROVIDER=openai.');
  // A local server (Ollama, vLLM) usually needs no key, but the SDK insists on one.
  const apiKey =
    url === DEFAULT_OPENAI_BASE_URL ? requireEnv(env, 'OPENAI_API_KEY') : env.OPENAI_API_KEY?.trim() || 'unused';
  const client = new OpenAI({
    apiKey,
    baseURL: url,
    maxRetries: 1,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    kind: 'model',
    ...openAiChatModel(client, model),
  };
}

export function geminiProvider(env: Env, options: ProviderOptions = {}): ModelProvider {
  const apiKey = requireEnv(env, 'GEMINI_API_KEY');
  const model = env.AI_MODEL?.trim() || DEFAULT_GEMINI_MODEL;
  const custom = env.GEMINI_BASE_URL?.trim() ? baseUrl(env, 'GEMINI_BASE_URL', '') : undefined;
  const client = new GoogleGenAI({
    apiKey,
    vertexai: false,
    httpOptions: { timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, ...(custom ? { baseUrl: custom } : {}) },
  });
  return {
    kind: 'model',
    ...geminiChatModel(client, model),
  };
}

/** The provider the secrets choose; a half-configured provider is a 500, never a silent fallback. */
export function selectProvider(env: Env, options: ProviderOptions = {}): Provider {
  const name = (env.AI_PROVIDER ?? '').trim().toLowerCase();
  if (name === '' || name === 'none' || name === 'builtin') return { kind: 'builtin' };
  if (name === 'openai') return openAiProvider(env, options);
  if (name === 'gemini') return geminiProvider(env, options);
  return misconfigured(`AI_PROVIDER must be gemini, openai or none, not ${name}.`);
}
