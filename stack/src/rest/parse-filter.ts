/** PostgREST's horizontal filtering grammar: `col=[not.]op[(mod)].value` and the `or=(…)` logic trees. */
import {
  COMPARISON_OPS,
  FTS_OPS,
  PATTERN_OPS,
  RANGE_OPS,
  type Condition,
  type Field,
  type Filter,
  type JsonStep,
  type LogicTree,
  type Operation,
} from './ast.ts';
import { parseError } from './errors.ts';

const ALL_OPS = new Set<string>([
  ...COMPARISON_OPS,
  ...PATTERN_OPS,
  ...FTS_OPS,
  ...RANGE_OPS,
  'in',
  'is',
  'isdistinct',
]);
const QUANTIFIABLE = new Set<string>([...COMPARISON_OPS, ...PATTERN_OPS]);
const FTS = new Set<string>(FTS_OPS);
const RANGE = new Set<string>(RANGE_OPS);
const OPERATOR_LIST =
  'eq, neq, lt, gt, lte, gte, like, ilike, match, imatch, in, is, isdistinct, fts, plfts, phfts, wfts, cs, cd, ov, sl, sr, nxl, nxr, adj';

/**
 * Splits on `sep` at depth zero, ignoring separators inside parentheses, braces or double quotes
 * (where `\` escapes the next character). Quotes are kept: `unquote` removes them.
 */
export function splitTopLevel(input: string, sep = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') depth = Math.max(0, depth - 1);
    else if (ch === sep && depth === 0) {
      parts.push(input.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(input.slice(start));
  return parts;
}

/** `"a\"b"` → `a"b`; unquoted text is returned unchanged. */
export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    let out = '';
    for (let i = 1; i < value.length - 1; i++) {
      const ch = value[i];
      if (ch === '\\' && i + 1 < value.length - 1) {
        i++;
        out += value[i];
      } else out += ch;
    }
    return out;
  }
  return value;
}

function assertIdentifier(name: string, raw: string): void {
  if (name === '' || name.includes('\0'))
    throw parseError(`failed to parse filter (${raw})`, 'empty or invalid column name');
}

/** `data->a->>b` → `{ name: 'data', json: [->a, ->>b] }`. */
export function parseField(input: string, raw = input): Field {
  const parts = input.split(/(->>|->)/);
  const name = unquote((parts[0] ?? '').trim());
  assertIdentifier(name, raw);
  const json: JsonStep[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const arrow = parts[i] as '->' | '->>';
    const key = unquote(parts[i + 1] ?? '');
    if (key === '') throw parseError(`failed to parse json path (${raw})`, 'empty json key');
    json.push({ arrow, key });
  }
  return { name, json };
}

function parseList(inner: string): string[] {
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((v) => unquote(v));
}

/**
 * Parses `[not.]op[(any|all)|(cfg)].value`. In logic trees (`inLogic`) a double-quoted scalar
 * value is unquoted, as PostgREST does for reserved characters there.
 */
export function parseOperation(input: string, raw: string, inLogic = false): { negate: boolean; operation: Operation } {
  const where = inLogic ? `failed to parse logic tree (${raw})` : `failed to parse filter (${input})`;
  let rest = input;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(rest);
  const op = match?.[1];
  if (!match || op === undefined || !ALL_OPS.has(op)) {
    const found = rest.split('.')[0] ?? '';
    throw parseError(
      where,
      `unexpected "${found.slice(0, 1) || rest.slice(0, 1)}" expecting "not" or operator (${OPERATOR_LIST})`,
    );
  }
  const modifier = match[2];
  let value = match[3] ?? '';
  if (inLogic && op !== 'in') value = unquote(value);
  const fail = (details: string): never => {
    throw parseError(where, details);
  };

  if (modifier !== undefined && !FTS.has(op)) {
    if (!QUANTIFIABLE.has(op) || (modifier !== 'any' && modifier !== 'all')) fail(`unexpected "(${modifier})"`);
    const quantifier = modifier as 'any' | 'all';
    if (!/^\{[\s\S]*\}$/.test(value)) fail(`expecting a list of values in braces for ${op}(${quantifier})`);
    let values = parseList(value.slice(1, -1));
    if (op === 'like' || op === 'ilike') values = values.map((v) => v.replaceAll('*', '%'));
    return { negate, operation: { op: op as 'eq', quantifier, values } };
  }
  if (op === 'in') {
    if (!/^\([\s\S]*\)$/.test(value)) fail('expecting "(" list of values ")" for in');
    return { negate, operation: { op: 'in', values: parseList(value.slice(1, -1)) } };
  }
  if (op === 'is') {
    const v = value.toLowerCase();
    if (v !== 'null' && v !== 'not_null' && v !== 'true' && v !== 'false' && v !== 'unknown') {
      fail(`unexpected "${value}" expecting null, not_null, true, false or unknown`);
    }
    return { negate, operation: { op: 'is', value: v as 'null' } };
  }
  if (op === 'isdistinct') return { negate, operation: { op: 'isdistinct', value } };
  if (FTS.has(op)) {
    const operation: Operation = { op: op as 'fts', value };
    if (modifier !== undefined && modifier !== '') operation.config = modifier;
    return { negate, operation };
  }
  if (RANGE.has(op)) return { negate, operation: { op: op as 'cs', value } };
  if (op === 'like' || op === 'ilike') value = value.replaceAll('*', '%');
  return { negate, operation: { op: op as 'eq', value } };
}

/** `col=value` from the query string. */
export function parseFilter(key: string, value: string): Filter {
  const field = parseField(key, `${key}=${value}`);
  const { negate, operation } = parseOperation(value, `${key}=${value}`);
  return { kind: 'filter', field, negate, operation };
}

/**
 * How deep logic trees and embeds may nest. PostgREST sets no limit, but a few thousand levels fit
 * in a URL and would overflow the parser's stack or Postgres' max_stack_depth (a 500); real
 * requests nest a handful of levels, so deeper ones get the parser's 400.
 */
export const MAX_NESTING = 100;

/** The value of `or=` / `and=`: `(a.eq.1,and(b.gt.2,c.lt.3))`. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, value: string, depth = 1): LogicTree {
  if (depth > MAX_NESTING) {
    throw parseError(`failed to parse logic tree (${value})`, `logic trees nest at most ${MAX_NESTING} levels`);
  }
  const trimmed = value.trim();
  if (!trimmed.startsWith('(') || !trimmed.endsWith(')')) {
    throw parseError(`failed to parse logic tree (${value})`, 'expecting "(" and ")" around the conditions');
  }
  const children = splitTopLevel(trimmed.slice(1, -1)).map((part) => parseLogicChild(part, value, depth));
  if (children.length === 0) throw parseError(`failed to parse logic tree (${value})`, 'empty logic tree');
  return { kind: 'logic', op, negate, children };
}

function parseLogicChild(part: string, raw: string, depth: number): Condition {
  const nested = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(part.trim());
  if (nested) return parseLogicTree(nested[2] as 'and' | 'or', nested[1] !== undefined, nested[3] ?? '', depth + 1);
  // The field ends at the first '.' that is not inside a quoted name or JSON key.
  let i = 0;
  let quoted = false;
  for (; i < part.length; i++) {
    const ch = part[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === '.' && !quoted) break;
  }
  if (i >= part.length)
    throw parseError(`failed to parse logic tree (${raw})`, `unexpected end of "${part}" expecting operator`);
  const field = parseField(part.slice(0, i).trim(), raw);
  const { negate, operation } = parseOperation(part.slice(i + 1), raw, true);
  return { kind: 'filter', field, negate, operation };
}
