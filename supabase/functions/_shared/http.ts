// Responses and request reading shared by every function. Errors always have the shape
// `{ error: { code, message } }` so the dashboard maps them in one place; a refusal a person can
// meet also carries the database's refusal code and values (`hint`, `details`, as PostgREST's
// errors do), for the apps to say it in the person's language.
import { corsHeaders } from './cors.ts';

export type ErrorCode =
  | 'invalid_input'
  | 'method_not_allowed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'not_geocoded'
  | 'upstream_unavailable'
  | 'upstream_error'
  | 'misconfigured'
  | 'internal_error';

/** A refusal's code and values as the database gives them (hint: the code; details: JSON values). */
export interface Refusal {
  hint: string;
  details?: string;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string } & Partial<Refusal>;
}

/** A JSON answer with the CORS headers browsers need. */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...Object.fromEntries(new Headers(headers)) },
  });
}

export function errorResponse(
  status: number,
  code: ErrorCode,
  message: string,
  headers: HeadersInit = {},
  refusal?: Refusal,
): Response {
  const body: ErrorBody = { error: { code, message, ...refusal } };
  return json(body, status, headers);
}

/** Thrown inside a handler to end the request with a JSON error; `toErrorResponse` renders it. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: HeadersInit = {},
    readonly refusal?: Refusal,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * Renders any thrown value: an HttpError as itself, anything else as a 500 whose details stay in
 * the function's log (they may hold upstream bodies or keys), never in the answer.
 */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    return errorResponse(error.status, error.code, error.message, error.headers, error.refusal);
  }
  console.error(error);
  return errorResponse(500, 'internal_error', 'Something went wrong. Please try again.');
}

export function requirePost(req: Request): void {
  if (req.method !== 'POST') {
    throw new HttpError(405, 'method_not_allowed', `Use POST to call this function, not ${req.method}.`, {
      Allow: 'POST, OPTIONS',
    });
  }
}

/** Functions take small JSON bodies; anything bigger is a mistake or abuse. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Reads the body as one JSON object, or throws a 400 that says what is wrong with it. */
export async function readJsonObject(req: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    throw new HttpError(400, 'invalid_input', `The request body must be at most ${maxBytes} bytes.`);
  }
  let text: string;
  try {
    text = await req.text();
  } catch {
    throw new HttpError(400, 'invalid_input', 'The request body could not be read.');
  }
  if (new TextEncoder().encode(text).byteLength > maxBytes) {
    throw new HttpError(400, 'invalid_input', `The request body must be at most ${maxBytes} bytes.`);
  }
  if (text.trim() === '') throw new HttpError(400, 'invalid_input', 'The request body must be a JSON object.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_input', 'The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'invalid_input', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}
