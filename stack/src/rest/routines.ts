/**
 * Which function an RPC call runs, as PostgREST chooses it (Plan.hs, findProc):
 * - a candidate matches when the call names exactly its required parameters plus any of its
 *   optional ones (a function without parameters matches a call without arguments);
 * - a function whose only parameter is unnamed (json, jsonb, text, xml or bytea) is the fallback
 *   of a POST whose body matches no named overload, and receives the whole body;
 * - one match runs; several answer PGRST203 listing them in PostgREST's order (fewest parameters
 *   first, then by their names and types); none answers PGRST202.
 * Functions with other unnamed parameters are not callable and never enter the schema cache.
 */
import type { HttpError } from '../gateway/http.ts';
import { pgrstError } from './errors.ts';
import type { DbFunction, SchemaSnapshot } from './schema-cache.ts';
import { functionHint } from './suggest.ts';

/**
 * PostgREST's order of overloads (Routine's Ord instance): fewer parameters first; then by
 * description, parameters (name, type) and the rest, which for functions of one name and schema
 * comes down to the parameters.
 */
export function compareRoutines(a: DbFunction, b: DbFunction): number {
  if (a.args.length !== b.args.length) return a.args.length - b.args.length;
  for (let i = 0; i < a.args.length; i++) {
    const x = a.args[i];
    const y = b.args[i];
    if (!x || !y) break;
    if (x.name !== y.name) return x.name < y.name ? -1 : 1;
    if (x.type !== y.type) return x.type < y.type ? -1 : 1;
    if (x.hasDefault !== y.hasDefault) return x.hasDefault ? -1 : 1;
  }
  return a.returnType < b.returnType ? -1 : a.returnType > b.returnType ? 1 : 0;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

function matchesParams(fn: DbFunction, keys: ReadonlySet<string>): boolean {
  if (fn.args.length === 0) return keys.size === 0;
  const required = new Set(fn.args.filter((a) => !a.hasDefault).map((a) => a.name));
  const optional = new Set(fn.args.filter((a) => a.hasDefault).map((a) => a.name));
  if (optional.size === 0) return sameSet(keys, required);
  if (required.size === 0) return [...keys].every((k) => optional.has(k));
  return sameSet(new Set([...keys].filter((k) => !optional.has(k))), required);
}

/** The single unnamed json/jsonb parameter a JSON body can be passed to as a whole. */
function takesJsonBody(fn: DbFunction): boolean {
  const [only] = fn.args;
  return fn.args.length === 1 && only?.name === '' && (only.type === 'json' || only.type === 'jsonb');
}

export interface CallSite {
  schema: string;
  name: string;
  /** The argument names: a POST body's keys, or the query parameters of a GET. */
  keys: string[];
  /** A POST (its body may go to a single unnamed json/jsonb parameter). */
  isPost: boolean;
}

export function chooseRoutine(snapshot: SchemaSnapshot, candidates: DbFunction[], call: CallSite): DbFunction {
  const keys = new Set(call.keys);
  const sorted = [...candidates].sort(compareRoutines);
  const matched = sorted.filter((fn) => matchesParams(fn, keys));
  const fallback = call.isPost ? sorted.filter((fn) => !matchesParams(fn, keys) && takesJsonBody(fn)) : [];
  const chosen = matched.length > 0 ? matched : fallback;
  if (chosen.length === 1 && chosen[0]) return chosen[0];
  if (chosen.length > 1) throw ambiguousRoutine(chosen);
  throw noRoutine(snapshot, call, sorted);
}

export function ambiguousRoutine(fns: DbFunction[]): HttpError {
  const signature = (fn: DbFunction): string =>
    `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;
  return pgrstError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${fns.map(signature).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** PGRST202 in PostgREST's words (Error.hs, NoRpc): "parameter" or "parameters", the JSON fallback on POST. */
export function noRoutine(snapshot: SchemaSnapshot, call: CallSite, overloads: DbFunction[]): HttpError {
  const keys = [...new Set(call.keys)].sort();
  const fn = `${call.schema}.${call.name}`;
  const listed = keys.join(', ');
  const message = keys.length === 0 ? ' without parameters' : `(${listed})`;
  const searched = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${listed}`;
  const fallback = call.isPost ? ' or with a single unnamed json/jsonb parameter' : '';
  return pgrstError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${message} in the schema cache`,
    `Searched for the function ${fn}${searched}${fallback}, but no matches were found in the schema cache.`,
    functionHint(snapshot, call.schema, call.name, keys, overloads),
  );
}
