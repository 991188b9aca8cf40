// Input checks that throw a 400 with a sentence naming the field, so a caller can fix the request
// without reading the function's code.
import { HttpError } from './http.ts';

export interface StringRule {
  /** Longest accepted value, after trimming. */
  maxLength: number;
  /** Optional format check, with the sentence shown when it fails. */
  pattern?: { test: RegExp; message: string };
}

function invalid(message: string): never {
  throw new HttpError(400, 'invalid_input', message);
}

/** A required, non-blank string field, returned trimmed. */
export function requiredString(body: Record<string, unknown>, field: string, rule: StringRule): string {
  const value = body[field];
  if (value === undefined || value === null) invalid(`${field} is required.`);
  if (typeof value !== 'string') invalid(`${field} must be a string.`);
  return checkString(field, value, rule);
}

/** An optional string field: undefined when absent, otherwise checked like a required one. */
export function optionalString(body: Record<string, unknown>, field: string, rule: StringRule): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') invalid(`${field} must be a string.`);
  return checkString(field, value, rule);
}

function checkString(field: string, value: string, rule: StringRule): string {
  const trimmed = value.trim();
  if (trimmed === '') invalid(`${field} must not be empty.`);
  if (trimmed.length > rule.maxLength) invalid(`${field} must be at most ${rule.maxLength} characters.`);
  // Control characters never belong in an address or an id and would corrupt upstream queries.
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) invalid(`${field} must not contain control characters.`);
  if (rule.pattern && !rule.pattern.test.test(trimmed)) invalid(rule.pattern.message);
  return trimmed;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A required UUID field, returned lower-cased (auth user ids are lower-case). */
export function requiredUuid(body: Record<string, unknown>, field: string): string {
  return requiredString(body, field, {
    maxLength: 36,
    pattern: { test: UUID, message: `${field} must be a UUID.` },
  }).toLowerCase();
}

/** Rejects fields the function does not know, so a typo is reported instead of silently ignored. */
export function rejectUnknownFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    invalid(`Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Allowed: ${allowed.join(', ')}.`);
  }
}
