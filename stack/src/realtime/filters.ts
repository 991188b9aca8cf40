/**
 * `postgres_changes` filters (`col=op.value`, comma-separated terms ANDed), evaluated on the
 * change's values the way walrus does it: the filter value is read as the column's type, and a
 * term on a column the change does not carry (a DELETE's old_record without REPLICA IDENTITY FULL)
 * does not exclude the change.
 */

export type FilterOp =
  'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'is' | 'like' | 'ilike' | 'match' | 'imatch' | 'isdistinct';

export interface FilterTerm {
  column: string;
  op: FilterOp;
  negate: boolean;
  /** One value, or the list of `in.(…)`. */
  values: string[];
}

const OPS = new Set<string>([
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'is',
  'like',
  'ilike',
  'match',
  'imatch',
  'isdistinct',
]);

export class FilterError extends Error {}

/** Splits on commas outside parentheses and double quotes. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch === '\\' && quoted && i + 1 < text.length) {
      current += ch + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    if (ch === ',' && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

export function parseFilter(filter: string | null | undefined): FilterTerm[] {
  if (filter === null || filter === undefined || filter === '') return [];
  return splitTop(filter).map((term) => {
    const eq = term.indexOf('=');
    if (eq <= 0) throw new FilterError(`Error parsing \`filter\` params: ${filter}`);
    const column = term.slice(0, eq).trim();
    let rest = term.slice(eq + 1);
    let negate = false;
    if (rest.startsWith('not.')) {
      negate = true;
      rest = rest.slice(4);
    }
    const dot = rest.indexOf('.');
    const op = dot > 0 ? rest.slice(0, dot) : '';
    if (!OPS.has(op)) throw new FilterError(`Error parsing \`filter\` params: ${filter}`);
    const raw = rest.slice(dot + 1);
    let values: string[];
    if (op === 'in') {
      const inner = /^\((.*)\)$/s.exec(raw.trim());
      if (!inner) throw new FilterError(`Error parsing \`filter\` params: ${filter}`);
      values = (inner[1] ?? '') === '' ? [] : splitTop(inner[1] ?? '').map(unquote);
    } else {
      values = [op === 'is' ? raw.trim().toLowerCase() : raw];
    }
    return { column, op: op as FilterOp, negate, values };
  });
}

const NUMERIC_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);

function likeToRegExp(pattern: string, insensitive: boolean): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '\\' && i + 1 < pattern.length) {
      source += (pattern[i + 1] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i++;
    } else if (ch === '%' || ch === '*') source += '.*';
    else if (ch === '_') source += '.';
    else source += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, insensitive ? 'si' : 's');
}

/** Typed comparison: -1/0/1, or null when the two cannot be compared. */
function compare(type: string, actual: unknown, wanted: string): number | null {
  if (actual === null || actual === undefined) return null;
  if (NUMERIC_TYPES.has(type)) {
    const a = typeof actual === 'number' ? actual : Number(actual);
    const b = Number(wanted);
    if (Number.isNaN(a) || Number.isNaN(b)) return null;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (type === 'bool') {
    const a = actual === true || actual === 't' || actual === 'true';
    const w = wanted.toLowerCase();
    const b = ['t', 'true', 'yes', 'on', '1', 'y'].includes(w);
    return a === b ? 0 : a ? 1 : -1;
  }
  if (type === 'timestamptz' || type === 'timestamp' || type === 'date') {
    const a = Date.parse(String(actual).replace(' ', 'T'));
    const b = Date.parse(wanted.replace(' ', 'T'));
    if (!Number.isNaN(a) && !Number.isNaN(b)) return a === b ? 0 : a < b ? -1 : 1;
  }
  const a = typeof actual === 'string' ? actual : JSON.stringify(actual);
  const b = type === 'uuid' ? wanted.toLowerCase() : wanted;
  return a === b ? 0 : a < b ? -1 : 1;
}

function termMatches(term: FilterTerm, type: string, actual: unknown): boolean {
  const first = term.values[0] ?? '';
  let result: boolean;
  switch (term.op) {
    case 'eq':
      result = compare(type, actual, first) === 0;
      break;
    case 'neq': {
      const c = compare(type, actual, first);
      result = c !== null && c !== 0;
      break;
    }
    case 'lt':
      result = compare(type, actual, first) === -1;
      break;
    case 'lte': {
      const c = compare(type, actual, first);
      result = c === -1 || c === 0;
      break;
    }
    case 'gt':
      result = compare(type, actual, first) === 1;
      break;
    case 'gte': {
      const c = compare(type, actual, first);
      result = c === 1 || c === 0;
      break;
    }
    case 'in':
      result = term.values.some((v) => compare(type, actual, v) === 0);
      break;
    case 'is':
      if (first === 'null') result = actual === null || actual === undefined;
      else if (first === 'true') result = actual === true;
      else if (first === 'false') result = actual === false;
      else if (first === 'unknown') result = actual === null;
      else result = false;
      break;
    case 'isdistinct':
      if (actual === null || actual === undefined) result = first.toLowerCase() !== 'null';
      else result = compare(type, actual, first) !== 0;
      break;
    case 'like':
    case 'ilike':
      result = typeof actual === 'string' && likeToRegExp(first, term.op === 'ilike').test(actual);
      break;
    case 'match':
    case 'imatch':
      try {
        result = typeof actual === 'string' && new RegExp(first, term.op === 'imatch' ? 'i' : '').test(actual);
      } catch {
        result = false;
      }
      break;
  }
  return term.negate ? !result : result;
}

/** `values` maps column → raw wal2json value; `types` maps column → typname. */
export function matchesFilters(
  terms: FilterTerm[],
  values: ReadonlyMap<string, unknown>,
  types: ReadonlyMap<string, string>,
): boolean {
  for (const term of terms) {
    if (!values.has(term.column)) continue;
    if (!termMatches(term, types.get(term.column) ?? 'text', values.get(term.column))) return false;
  }
  return true;
}
