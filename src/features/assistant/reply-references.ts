/**
 * The shifts and staff an answer names (issue 19): the `assistant` function lists them beside the
 * reply, each with the label it wrote verbatim in the text, and the panel turns each label into a
 * link to the shift's timeline or the staff member's shifts. The shape mirrors `Reference` in
 * supabase/functions/assistant/tools/types.ts (a Deno file the dashboard does not import).
 */
import { shiftTimelinePath, staffShiftsPath } from '@shared/config/dashboard-paths.ts';

export type ReferenceKind = 'shift' | 'staff';

export interface AssistantReference {
  kind: ReferenceKind;
  id: string;
  label: string;
}

/** Where a reference leads: a shift's timeline on Shift Details, or View Staff Shift for a staff member. */
export function referencePath(reference: AssistantReference): string {
  return reference.kind === 'shift' ? shiftTimelinePath(reference.id) : staffShiftsPath(reference.id);
}

/** Long enough for an address with a date, short enough that a broken answer cannot flood the panel. */
const MAX_LABEL_LENGTH = 200;
const MAX_REFERENCES = 100;

function isReference(value: unknown): value is AssistantReference {
  const r = value as Partial<AssistantReference> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    (r.kind === 'shift' || r.kind === 'staff') &&
    typeof r.id === 'string' &&
    r.id.trim() !== '' &&
    typeof r.label === 'string' &&
    r.label.trim() !== '' &&
    r.label.length <= MAX_LABEL_LENGTH
  );
}

/** The references of an answer as received (or restored from storage): only well-formed ones, copied. */
export function readReferences(value: unknown): AssistantReference[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isReference)
    .slice(0, MAX_REFERENCES)
    .map(({ kind, id, label }) => ({ kind, id, label }));
}

/** A run of a reply line: plain text, or a reference's label to show as a link. */
export interface ReplySegment {
  text: string;
  reference?: AssistantReference;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether `label` found at `start` stands on its own ("Ann" is not the start of "Anne"). */
function isWholeAt(text: string, label: string, start: number): boolean {
  const before = text[start - 1];
  const after = text[start + label.length];
  const first = label[0] ?? '';
  const last = label[label.length - 1] ?? '';
  if (before !== undefined && WORD_CHAR.test(first) && WORD_CHAR.test(before)) return false;
  if (after !== undefined && WORD_CHAR.test(last) && WORD_CHAR.test(after)) return false;
  return true;
}

/**
 * Splits `text` into plain runs and reference labels. Every whole occurrence of a label is linked,
 * matched exactly as written; where labels overlap the earlier one wins, then the longer one (a
 * shift labelled with a staff member's name inside keeps its own link). When two references share a
 * label the first listed is used.
 */
export function linkReferences(text: string, references: readonly AssistantReference[]): ReplySegment[] {
  const byLabel = new Map<string, AssistantReference>();
  for (const reference of references) if (!byLabel.has(reference.label)) byLabel.set(reference.label, reference);

  const spans: { start: number; end: number; reference: AssistantReference }[] = [];
  for (const [label, reference] of byLabel) {
    for (let at = text.indexOf(label); at !== -1; at = text.indexOf(label, at + 1)) {
      if (isWholeAt(text, label, at)) spans.push({ start: at, end: at + label.length, reference });
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);

  const segments: ReplySegment[] = [];
  let cursor = 0;
  for (const span of spans) {
    if (span.start < cursor) continue;
    if (span.start > cursor) segments.push({ text: text.slice(cursor, span.start) });
    segments.push({ text: text.slice(span.start, span.end), reference: span.reference });
    cursor = span.end;
  }
  if (cursor < text.length || segments.length === 0) segments.push({ text: text.slice(cursor) });
  return segments;
}
