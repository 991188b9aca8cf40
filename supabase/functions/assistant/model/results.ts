// A tool's result on its way to a model: redacted (SPEC §7: no push token, no employment time, no
// payment id field), payment customer ids hidden inside free text too, and cut to a size cap so one
// large answer cannot blow up the prompt. A cut result says so in a `note` the model is told to pass
// on. No Deno or npm imports.
import { redact } from '../privacy.ts';

/** About 4,000 tokens per result: a page of shifts, never the whole agency. */
export const MAX_RESULT_CHARS = 16_000;

const CUSTOMER_ID_VALUE = /\bcus_[A-Za-z0-9]+/g;
export const HIDDEN_ID = '[payment id hidden]';

/** A deep copy where every `cus_…` inside a string is replaced (notes and names are free text). */
export function hideCustomerIds<T>(value: T): T {
  return hide(value) as T;
}

function hide(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(CUSTOMER_ID_VALUE, HIDDEN_ID);
  if (Array.isArray(value)) return value.map(hide);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, hide(v)]));
  }
  return value;
}

interface ArraySlot {
  path: string;
  items: unknown[];
}

/** Every array in the value, outer ones first, named by their path ("shifts", "rows[2].shifts"). */
function arraysIn(value: unknown, path: string, out: ArraySlot[]): ArraySlot[] {
  if (Array.isArray(value)) {
    out.push({ path: path || 'items', items: value });
    value.forEach((item, i) => arraysIn(item, `${path}[${i}]`, out));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) arraysIn(v, path ? `${path}.${k}` : k, out);
  }
  return out;
}

const size = (value: unknown): number => JSON.stringify(value)?.length ?? 0;

export interface CappedResult {
  value: unknown;
  truncated: boolean;
}

/**
 * The value within `maxChars` of JSON. Lists are shortened first, the largest first, keeping their
 * first items (tools return the most relevant first); a top-level `note` says what was left out.
 * A value that still does not fit (one huge string) is replaced by an error the model can act on.
 */
export function capResult(value: unknown, maxChars = MAX_RESULT_CHARS): CappedResult {
  if (size(value) <= maxChars) return { value, truncated: false };
  // A top-level list is wrapped so the note has a place to go.
  const root: Record<string, unknown> =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? structuredClone(value as Record<string, unknown>)
      : { items: structuredClone(value) };
  const noteAllowance = 400;
  // Lengths as the tool gave them; a kept item keeps its index, so its nested lists keep their path.
  const original = new Map<string, number>();
  const cut = new Set<string>();
  for (let guard = 0; guard < 64 && size(root) + noteAllowance > maxChars; guard += 1) {
    const slots = arraysIn(root, '', []).filter((s) => s.items.length > 0);
    for (const s of slots) if (!original.has(s.path)) original.set(s.path, s.items.length);
    if (slots.length === 0) break;
    const largest = slots.reduce((a, b) => (size(b.items) > size(a.items) ? b : a));
    const over = size(root) + noteAllowance - maxChars;
    // Keep the longest prefix that still removes `over` characters.
    let room = size(largest.items) - over;
    let kept = 0;
    for (const item of largest.items) {
      room -= size(item) + 1;
      if (room < 0) break;
      kept += 1;
    }
    largest.items.length = Math.min(kept, largest.items.length - 1);
    cut.add(largest.path);
  }
  const live = new Map(arraysIn(root, '', []).map((s) => [s.path, s.items.length]));
  const listed = [...cut]
    .filter((path) => live.has(path))
    .slice(0, 5)
    .map((path) => `${path}: the first ${live.get(path)} of ${original.get(path)}`);
  root.note = `This result was cut to fit. Listed: ${listed.join('; ')}. Say the list is partial, use the totals, or ask again with a narrower period or filter.`;
  if (size(root) <= maxChars) return { value: root, truncated: true };
  return {
    value: { error: 'This result was too large to send. Ask again with a narrower period or filter.' },
    truncated: true,
  };
}

/** What a model may be sent of a tool's result. */
export function prepareResult(value: unknown, maxChars = MAX_RESULT_CHARS): CappedResult {
  return capResult(hideCustomerIds(redact(value)), maxChars);
}
