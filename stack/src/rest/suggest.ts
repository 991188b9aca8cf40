/**
 * PostgREST's "Perhaps you meant …" hints for a misspelled table or function. Like PostgREST since
 * #4675 it only suggests a name at most 3 edits away (Postgres' own limit for column hints), so a
 * caller cannot enumerate a schema's tables by guessing far-off names, and it gives no hint at all
 * in a schema of 500 or more tables.
 */
import type { DbFunction, SchemaSnapshot } from './schema-cache.ts';

const MAX_DISTANCE = 3;
const MAX_CANDIDATES = 500;

/** Levenshtein distance, stopping early once every path is past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The closest name within the limit (ties go to the alphabetically first), or null. */
export function closestName(wanted: string, names: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = MAX_DISTANCE + 1;
  for (const name of names) {
    const distance = editDistance(wanted, name, MAX_DISTANCE);
    if (distance < bestDistance || (distance === bestDistance && best !== null && name < best)) {
      best = name;
      bestDistance = distance;
    }
  }
  return bestDistance <= MAX_DISTANCE ? best : null;
}

function namesIn<T extends { schema: string; name: string }>(items: Iterable<T>, schema: string): string[] {
  const names: string[] = [];
  for (const item of items) if (item.schema === schema) names.push(item.name);
  return names;
}

export function tableHint(snapshot: SchemaSnapshot, schema: string, name: string): string | null {
  const names = namesIn(snapshot.relations.values(), schema);
  if (names.length >= MAX_CANDIDATES) return null;
  const match = closestName(name, names);
  return match ? `Perhaps you meant the table '${schema}.${match}'` : null;
}

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
    const wanted = [...argNames].sort().join(', ');
    const lists = overloads.map((fn) =>
      fn.args
        .map((a) => a.name)
        .sort()
        .join(', '),
    );
    const match = closestName(wanted, lists) ?? (lists.length === 1 ? (lists[0] ?? null) : null);
    return match === null ? null : `Perhaps you meant to call the function ${schema}.${name}(${match})`;
  }
  const fns = [...snapshot.functions.values()].flat();
  const names = [...new Set(namesIn(fns, schema))];
  if (names.length >= MAX_CANDIDATES) return null;
  const match = closestName(name, names);
  return match ? `Perhaps you meant to call the function ${schema}.${match}` : null;
}
