/**
 * PostgREST's "Perhaps you meant …" hints for a misspelled table or function, found with its fuzzy
 * search (fuzzy.ts): a table or function name scoring at least 0.75 (PostgREST #4675, so a far-off
 * guess reveals no name), no table hint at all in a schema of 500 or more tables, and for a
 * function called with other parameters the closest of its overloads' parameter lists.
 */
import { closestMatch } from './fuzzy.ts';
import type { DbFunction, SchemaSnapshot } from './schema-cache.ts';

const NAME_MIN_SCORE = 0.75;
const PARAMS_MIN_SCORE = 0.33;
const MAX_TABLES = 500;

function namesIn<T extends { schema: string; name: string }>(items: Iterable<T>, schema: string): string[] {
  const names: string[] = [];
  for (const item of items) if (item.schema === schema) names.push(item.name);
  return names;
}

export function tableHint(snapshot: SchemaSnapshot, schema: string, name: string): string | null {
  const names = namesIn(snapshot.relations.values(), schema);
  if (names.length >= MAX_TABLES) return null;
  const match = closestMatch(name, names, NAME_MIN_SCORE);
  return match ? `Perhaps you meant the table '${schema}.${match}'` : null;
}

/** PostgREST lists a parameter set as "(a, b)", sorted. */
const paramList = (names: readonly string[]): string => `(${[...names].sort().join(', ')})`;

/**
 * For a function that exists under other parameters, the overload whose parameter list is closest;
 * otherwise the closest function name.
 */
export function functionHint(
  snapshot: SchemaSnapshot,
  schema: string,
  name: string,
  argNames: readonly string[],
  overloads: readonly DbFunction[],
): string | null {
  if (overloads.length > 0) {
    const lists = overloads.map((fn) => paramList(fn.args.map((a) => a.name)));
    const match = closestMatch(paramList(argNames), lists, PARAMS_MIN_SCORE);
    return match === null ? null : `Perhaps you meant to call the function ${schema}.${name}${match}`;
  }
  const fns = [...snapshot.functions.values()].flat();
  const match = closestMatch(name, new Set(namesIn(fns, schema)), NAME_MIN_SCORE);
  return match ? `Perhaps you meant to call the function ${schema}.${match}` : null;
}
