// The links of a reply (issue 19: answers that list shifts or staff link to them). A shift or staff
// member is linked only when a tool returned it AND the reply shows its ShiftID or name verbatim:
// the model cannot link to anything the tools did not find, and nothing is linked that the user
// cannot see in the text. No Deno or npm imports.
import type { Reference } from '../tools/types.ts';

type Candidate = Reference;

/** Shifts (`id` + `short_id`) and staff (`id` + `name`) anywhere in a tool's result. */
export function candidatesIn(value: unknown, out: Candidate[] = []): Candidate[] {
  if (Array.isArray(value)) {
    for (const item of value) candidatesIn(item, out);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'string' && record.id !== '') {
      if (typeof record.short_id === 'string' && record.short_id.trim() !== '') {
        out.push({ kind: 'shift', id: record.id, label: record.short_id.trim() });
      } else if (typeof record.name === 'string' && record.name.trim() !== '') {
        out.push({ kind: 'staff', id: record.id, label: record.name.trim() });
      }
    }
    for (const inner of Object.values(record)) candidatesIn(inner, out);
  }
  return out;
}

const WORD = /[\p{L}\p{N}]/u;

/** Where `label` first appears in `text` as a whole word or id (not inside a longer one), or -1. */
export function findVerbatim(text: string, label: string): number {
  let from = 0;
  for (;;) {
    const at = text.indexOf(label, from);
    if (at < 0) return -1;
    const before = at > 0 ? text[at - 1]! : '';
    const after = text[at + label.length] ?? '';
    const startsWord = WORD.test(label[0] ?? '');
    const endsWord = WORD.test(label[label.length - 1] ?? '');
    if (!(startsWord && WORD.test(before)) && !(endsWord && WORD.test(after))) return at;
    from = at + 1;
  }
}

/**
 * The references for `reply`, in the order they first appear in it. A label that stands for two
 * different ids (two staff with one name) links to neither: the link could be the wrong one.
 */
export function collectReferences(reply: string, results: readonly unknown[]): Reference[] {
  const byLabel = new Map<string, Candidate | null>();
  for (const candidate of results.flatMap((r) => candidatesIn(r))) {
    const key = `${candidate.kind}|${candidate.label}`;
    const seen = byLabel.get(key);
    if (seen === undefined) byLabel.set(key, candidate);
    else if (seen !== null && seen.id !== candidate.id) byLabel.set(key, null);
  }
  const found: { at: number; ref: Reference }[] = [];
  for (const candidate of byLabel.values()) {
    if (!candidate) continue;
    const at = findVerbatim(reply, candidate.label);
    if (at >= 0) found.push({ at, ref: { kind: candidate.kind, id: candidate.id, label: candidate.label } });
  }
  const ids = new Set<string>();
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => f.ref)
    .filter((ref) => {
      const key = `${ref.kind}|${ref.id}`;
      if (ids.has(key)) return false;
      ids.add(key);
      return true;
    });
}
