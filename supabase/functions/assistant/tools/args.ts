// Strict reading of a tool's arguments. A model's arguments are untrusted JSON: every field is
// checked for type and range, unknown fields are refused (a misspelt filter silently ignored would
// answer a different question), and each refusal is one sentence naming the tool and the field, so
// the model can call again correctly.
import { ToolArgumentError } from './errors.ts';
import type { Period, ShiftStatus } from './types.ts';

export type RawArgs = Record<string, unknown>;

/** What a tool tells a model that sent a staff member's name or a wrong id. */
export const STAFF_ID_HINT = 'Call find_staff with their name to get the id.';

export const SHIFT_STATUSES: readonly ShiftStatus[] = ['Pending', 'Assigned', 'In-progress', 'Completed'];

function fail(tool: string, message: string): never {
  throw new ToolArgumentError(`${tool}: ${message}`);
}

/** The arguments object; absent arguments (null, undefined) read as `{}`. */
export function argsObject(tool: string, raw: unknown, allowed: readonly string[]): RawArgs {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) fail(tool, 'the arguments must be a JSON object.');
  const unknown = Object.keys(raw).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    const known = allowed.length > 0 ? `Allowed: ${allowed.join(', ')}.` : 'It takes no arguments.';
    fail(tool, `unknown argument${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. ${known}`);
  }
  return raw as RawArgs;
}

const absent = (value: unknown): value is undefined | null => value === undefined || value === null;

/** A trimmed, non-blank string without control characters, at most `max` characters. */
export function optionalText(tool: string, args: RawArgs, key: string, max = 200): string | undefined {
  const value = args[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'string') fail(tool, `${key} must be a string.`);
  const text = value.trim();
  if (text === '') fail(tool, `${key} must not be empty; leave it out instead.`);
  if (text.length > max) fail(tool, `${key} must be at most ${max} characters.`);
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) fail(tool, `${key} must not contain control characters.`);
  return text;
}

export function requiredText(tool: string, args: RawArgs, key: string, max = 200): string {
  const text = optionalText(tool, args, key, max);
  if (text === undefined) fail(tool, `${key} is required.`);
  return text;
}

/** An integer in [min, max]. */
export function optionalInteger(
  tool: string,
  args: RawArgs,
  key: string,
  min: number,
  max: number,
): number | undefined {
  const value = args[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(tool, `${key} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

/** A number in (0, max]. */
export function optionalPositive(tool: string, args: RawArgs, key: string, max: number): number | undefined {
  const value = args[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > max) {
    fail(tool, `${key} must be a number greater than 0 and at most ${max}.`);
  }
  return value;
}

export function optionalBoolean(tool: string, args: RawArgs, key: string): boolean | undefined {
  const value = args[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'boolean') fail(tool, `${key} must be true or false.`);
  return value;
}

export function optionalEnum<T extends string>(
  tool: string,
  args: RawArgs,
  key: string,
  values: readonly T[],
): T | undefined {
  const value = args[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'string' || !values.includes(value as T)) {
    fail(tool, `${key} must be one of ${values.join(', ')}.`);
  }
  return value as T;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function optionalUuid(tool: string, args: RawArgs, key: string, hint: string): string | undefined {
  const value = args[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'string' || !UUID.test(value.trim())) fail(tool, `${key} must be a full id (a UUID). ${hint}`);
  return value.trim().toLowerCase();
}

export function requiredUuid(tool: string, args: RawArgs, key: string, hint: string): string {
  const id = optionalUuid(tool, args, key, hint);
  if (id === undefined) fail(tool, `${key} is required. ${hint}`);
  return id;
}

// An instant with its offset: a local time without one would be read in whatever zone the server
// runs in, which is how a "today" ends up a day off.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

function optionalInstant(tool: string, args: RawArgs, key: string): string | undefined {
  const value = args[key];
  if (absent(value)) return undefined;
  const time = typeof value === 'string' && INSTANT.test(value.trim()) ? Date.parse(value.trim()) : NaN;
  if (!Number.isFinite(time)) {
    fail(tool, `${key} must be an ISO 8601 date-time with its offset, such as 2026-11-16T00:00:00-05:00.`);
  }
  return new Date(time).toISOString();
}

/** `from` and `before` (either may be absent), normalised to UTC ISO strings; before must follow from. */
export function period(tool: string, args: RawArgs): Period {
  const from = optionalInstant(tool, args, 'from');
  const before = optionalInstant(tool, args, 'before');
  if (from !== undefined && before !== undefined && Date.parse(before) <= Date.parse(from)) {
    fail(tool, 'before must be later than from (the period is [from, before)).');
  }
  const out: Period = {};
  if (from !== undefined) out.from = from;
  if (before !== undefined) out.before = before;
  return out;
}

/** JSON Schema of the two period fields, shared by every tool that takes a period. */
export const PERIOD_PROPERTIES = {
  from: {
    type: 'string',
    format: 'date-time',
    description:
      "Start of the period (inclusive), ISO 8601 with the offset of the agency's time zone, e.g. 2026-11-16T00:00:00-05:00. Omit for no lower bound.",
  },
  before: {
    type: 'string',
    format: 'date-time',
    description:
      'End of the period (exclusive), ISO 8601 with offset, e.g. 2026-11-23T00:00:00-05:00 for a week starting Monday Nov 16. Omit for no upper bound.',
  },
} as const;

/** The parsed arguments without the keys that were not given, so they compare and print cleanly. */
export function withoutUndefined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
