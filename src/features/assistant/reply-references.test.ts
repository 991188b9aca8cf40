import { describe, expect, it } from 'vitest';
import { type AssistantReference, linkReferences, readReferences, referencePath } from './reply-references.ts';

const SHIFT_ID = '1a2b3c4d-0000-4000-8000-000000000001';
const STAFF_ID = 'c1000000-0000-4000-8000-000000000001';
const shift: AssistantReference = { kind: 'shift', id: SHIFT_ID, label: 'Shift 1a2b3c4d' };
const ann: AssistantReference = { kind: 'staff', id: STAFF_ID, label: 'Ann Lee' };

/** The segments as [text, reference id or null], easier to read in expectations. */
const parts = (text: string, references: AssistantReference[]) =>
  linkReferences(text, references).map((s) => [s.text, s.reference?.id ?? null]);

describe('linkReferences', () => {
  it('splits a line into plain text and each label, in order', () => {
    expect(parts('1. Shift 1a2b3c4d was accepted by Ann Lee on Monday', [ann, shift])).toEqual([
      ['1. ', null],
      ['Shift 1a2b3c4d', SHIFT_ID],
      [' was accepted by ', null],
      ['Ann Lee', STAFF_ID],
      [' on Monday', null],
    ]);
  });

  it('links every whole occurrence, including at the start and the end of the line', () => {
    expect(parts('Ann Lee, then Ann Lee', [ann])).toEqual([
      ['Ann Lee', STAFF_ID],
      [', then ', null],
      ['Ann Lee', STAFF_ID],
    ]);
  });

  it('does not link a label inside a longer word', () => {
    expect(parts('Ann Leeds and XAnn Lee', [ann])).toEqual([['Ann Leeds and XAnn Lee', null]]);
  });

  it('matches the label exactly as written (case and accents)', () => {
    const zoe: AssistantReference = { kind: 'staff', id: STAFF_ID, label: 'Zoé Côté' };
    expect(parts('zoé côté and Zoe Cote', [zoe])).toEqual([['zoé côté and Zoe Cote', null]]);
    expect(parts('Ask Zoé Côté.', [zoe])).toEqual([
      ['Ask ', null],
      ['Zoé Côté', STAFF_ID],
      ['.', null],
    ]);
  });

  it('prefers the longer label where two start together, and never nests links', () => {
    const address: AssistantReference = { kind: 'shift', id: SHIFT_ID, label: 'Ann Lee Court, 9:00 AM' };
    expect(parts('Ann Lee Court, 9:00 AM is open', [ann, address])).toEqual([
      ['Ann Lee Court, 9:00 AM', SHIFT_ID],
      [' is open', null],
    ]);
  });

  it('leaves a line without labels whole, and an empty line as one empty run', () => {
    expect(parts('No shifts are pending.', [shift, ann])).toEqual([['No shifts are pending.', null]]);
    expect(parts('', [shift])).toEqual([['', null]]);
    expect(parts('Shift 1a2b3c4d', [])).toEqual([['Shift 1a2b3c4d', null]]);
  });

  it('uses the first of two references that share a label', () => {
    const other = { ...ann, id: 'c1000000-0000-4000-8000-000000000002' };
    expect(parts('Ann Lee', [ann, other])).toEqual([['Ann Lee', STAFF_ID]]);
  });

  it('keeps markup in a label as text', () => {
    const odd: AssistantReference = { kind: 'staff', id: STAFF_ID, label: '<b>Bo</b>' };
    expect(linkReferences('Hi <b>Bo</b>!', [odd]).map((s) => s.text)).toEqual(['Hi ', '<b>Bo</b>', '!']);
  });
});

describe('readReferences', () => {
  it('keeps well-formed references and drops the rest', () => {
    expect(
      readReferences([
        shift,
        { kind: 'staff', id: STAFF_ID, label: 'Ann Lee', extra: 'ignored' },
        { kind: 'company', id: 'x', label: 'Acme' },
        { kind: 'shift', id: '', label: 'No id' },
        { kind: 'shift', id: 'x', label: '   ' },
        { kind: 'staff', id: 'x', label: 'x'.repeat(201) },
        null,
        'Ann Lee',
      ]),
    ).toEqual([shift, ann]);
  });

  it('is empty when the function sent none (today) or not a list', () => {
    expect(readReferences(undefined)).toEqual([]);
    expect(readReferences({ kind: 'shift' })).toEqual([]);
  });
});

describe('referencePath', () => {
  it('a shift opens its timeline on Shift Details; a staff member opens View Staff Shift', () => {
    expect(referencePath(shift)).toBe(`/dashboard/shift-info?timeline=${SHIFT_ID}`);
    expect(referencePath(ann)).toBe(`/dashboard/view?staff=${STAFF_ID}`);
  });
});
