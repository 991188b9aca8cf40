/**
 * Column values as Supabase Realtime sends them. walrus casts each wal2json value to its type and
 * applies `to_jsonb`, so records look like PostgREST's JSON: numbers and booleans as JSON, json
 * and jsonb parsed, arrays as JSON arrays, timestamps in ISO 8601 with a `T` and `+00:00`.
 */

export interface TypeInfo {
  typname: string;
  /** For arrays: the element type's name; otherwise null. */
  elem: string | null;
}

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

/** `2026-11-21 20:23:47.01+00` → `2026-11-21T20:23:47.01+00:00` (Postgres' JSON rendering). */
function isoTimestamp(text: string): string {
  if (!/^\d{4,}-\d\d-\d\d /.test(text)) return text;
  const withT = text.replace(' ', 'T');
  return withT.replace(/([+-]\d\d)$/, '$1:00');
}

function isoTimetz(text: string): string {
  return text.replace(/([+-]\d\d)$/, '$1:00');
}

function scalar(typname: string, text: string): unknown {
  if (NUMBER_TYPES.has(typname)) {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  switch (typname) {
    case 'bool':
      return text === 't' || text === 'true';
    case 'json':
    case 'jsonb':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    case 'timestamptz':
    case 'timestamp':
      return isoTimestamp(text);
    case 'timetz':
      return isoTimetz(text);
    default:
      return text;
  }
}

/** Parses a Postgres array literal (`{a,"b c",NULL,{1,2}}`) into nested JS arrays. */
export function parseArrayLiteral(text: string, element: (item: string) => unknown): unknown {
  let i = 0;
  // Arrays with explicit bounds (`[0:1]={…}`) start after the `=`.
  if (text.startsWith('[')) i = text.indexOf('=') + 1;
  const parse = (): unknown[] => {
    const out: unknown[] = [];
    if (text[i] !== '{') throw new Error('bad array literal');
    i++;
    if (text[i] === '}') {
      i++;
      return out;
    }
    for (;;) {
      if (text[i] === '{') {
        out.push(parse());
      } else if (text[i] === '"') {
        i++;
        let item = '';
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\') i++;
          item += text[i] ?? '';
          i++;
        }
        i++;
        out.push(element(item));
      } else {
        let item = '';
        while (i < text.length && text[i] !== ',' && text[i] !== '}') {
          item += text[i];
          i++;
        }
        out.push(item === 'NULL' ? null : element(item));
      }
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return out;
      }
      throw new Error('bad array literal');
    }
  };
  return parse();
}

/** A wal2json value (already JSON-decoded) in the form `to_jsonb(value::type)` gives. */
export function toJsonValue(value: unknown, type: TypeInfo): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value;
  if (type.elem !== null) {
    const elem = type.elem;
    try {
      return parseArrayLiteral(value, (item) => scalar(elem, item));
    } catch {
      return value;
    }
  }
  return scalar(type.typname, value);
}

/** wal2json's `timestamp` (`2026-11-21 20:23:47.012265+00`) → `2026-11-21T20:23:47.012Z`. */
export function commitTimestamp(text: string | undefined): string {
  if (!text) return new Date().toISOString();
  const ms = Date.parse(isoTimestamp(text));
  return Number.isNaN(ms) ? new Date().toISOString() : new Date(ms).toISOString();
}
