/** Turns the query string into the request AST: select, per-level filters/order/paging, upsert options. */
import type { LevelOptions, ParsedQuery } from './ast.ts';
import { parseError } from './errors.ts';
import { parseFilter, parseLogicTree, splitTopLevel, unquote } from './parse-filter.ts';
import { parseOrder } from './parse-order.ts';
import { parseSelect } from './parse-select.ts';

function level(levels: Map<string, LevelOptions>, path: string): LevelOptions {
  let found = levels.get(path);
  if (!found) {
    found = { conditions: [] };
    levels.set(path, found);
  }
  return found;
}

function nonNegative(name: string, value: string): number {
  if (!/^\d+$/.test(value))
    throw parseError(`failed to parse ${name} parameter (${value})`, `${name} must be a non-negative integer`);
  return Number(value);
}

/**
 * `isArgument` marks GET-rpc parameters that are function arguments rather than filters (they
 * name an argument, or their value is no `op.value` filter, as PostgREST tells them apart).
 */
export function parseQuery(
  params: URLSearchParams,
  isArgument: (key: string, value: string) => boolean = () => false,
): ParsedQuery {
  const levels = new Map<string, LevelOptions>();
  level(levels, '');
  const query: ParsedQuery = { select: [{ kind: 'star' }], levels, rpcArgs: [] };
  for (const [key, value] of params) {
    switch (key) {
      case 'select':
        query.select = parseSelect(value);
        continue;
      case 'columns':
        query.columns = splitTopLevel(value)
          .map((c) => unquote(c.trim()))
          .filter((c) => c !== '');
        continue;
      case 'on_conflict':
        query.onConflict = splitTopLevel(value)
          .map((c) => unquote(c.trim()))
          .filter((c) => c !== '');
        continue;
      case 'apikey':
        continue;
    }
    if (isArgument(key, value)) {
      query.rpcArgs.push([key, value]);
      continue;
    }
    // Embed options are `path.to.rel.<option>`; JSON paths may contain dots only after `->`.
    const arrowAt = key.indexOf('->');
    const head = arrowAt < 0 ? key : key.slice(0, arrowAt);
    const tail = arrowAt < 0 ? '' : key.slice(arrowAt);
    const segments = head.split('.');
    const last = `${segments.pop() ?? ''}${tail}`;
    let negate = false;
    if ((last === 'or' || last === 'and') && segments[segments.length - 1] === 'not') {
      segments.pop();
      negate = true;
    }
    const target = level(levels, segments.join('.'));
    if (tail === '') {
      if (last === 'order') {
        target.order = parseOrder(value);
        continue;
      }
      if (last === 'limit') {
        target.limit = nonNegative('limit', value);
        continue;
      }
      if (last === 'offset') {
        target.offset = nonNegative('offset', value);
        continue;
      }
      if (last === 'or' || last === 'and') {
        target.conditions.push(parseLogicTree(last, negate, value));
        continue;
      }
    }
    target.conditions.push(parseFilter(last, value));
  }
  return query;
}
