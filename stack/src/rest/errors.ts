/** PostgREST's error bodies and its SQLSTATE → HTTP status table, in one place. */
import { HttpError, type Headers } from '../gateway/http.ts';

/** PGRST201 lists its candidate relationships as objects; every other error has text or null. */
export type PgrstDetails = string | Record<string, string>[] | null;

export interface PgrstBody {
  code: string | null;
  details: PgrstDetails;
  hint: string | null;
  message: string;
}

export function pgrstError(
  status: number,
  code: string | null,
  message: string,
  details: PgrstDetails = null,
  hint: string | null = null,
  headers: Headers = {},
): HttpError {
  const body: PgrstBody = { code, details, hint, message };
  const extra: Headers = status === 401 ? { 'WWW-Authenticate': 'Bearer', ...headers } : headers;
  return new HttpError(status, body, extra);
}

export function parseError(message: string, details: string | null = null): HttpError {
  return pgrstError(400, 'PGRST100', message, details);
}

/** HTTP status PostgREST gives a Postgres error, per the contract's table. */
export function statusForSqlState(code: string, message: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23505' || code === '23503') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code === 'P0001') return 400;
  if (code === '25006') return 405;
  // A write on a view Postgres cannot update (a join, an aggregate): the method is not allowed on
  // that resource, as PostgREST's Allow header says, rather than a server failure.
  if (code === '55000' && /^cannot (insert into|update|delete from) view /.test(message)) return 405;
  if (code === '21000') return /requires a WHERE clause/.test(message) ? 400 : 500;
  if (code === '22023' && /^role .* does not exist/.test(message)) return 401;
  if (code === '42P17') return 500;
  const ptMatch = /^PT(\d{3})$/.exec(code);
  if (ptMatch?.[1]) return Number(ptMatch[1]);
  const two = code.slice(0, 2);
  if (two === '08' || two === '53') return 503;
  if (two === '0L' || two === '0P' || two === '28') return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX'].includes(two)) return 500;
  if (two === 'P0') return 500;
  return 400;
}

interface PgErrorLike {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

function isPgError(error: unknown): error is Error & PgErrorLike {
  return error instanceof Error && typeof (error as PgErrorLike).code === 'string' && 'severity' in error;
}

/** Converts a node-pg DatabaseError into PostgREST's response; anything else is rethrown as is. */
export function fromPgError(error: unknown, role: string): unknown {
  if (!isPgError(error)) return error;
  const code = String(error.code);
  const message = String(error.message);
  const status = statusForSqlState(code, message, role);
  const detail = typeof error.detail === 'string' ? error.detail : null;
  const hint = typeof error.hint === 'string' ? error.hint : null;
  return pgrstError(status, code, message, detail, hint);
}
