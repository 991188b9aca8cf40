import { describe, expect, it } from 'vitest';
import type { DbFunction, Relation, SchemaSnapshot } from './schema-cache.ts';
import { closestName, editDistance, functionHint, tableHint } from './suggest.ts';

const rel = (name: string): Relation => ({
  schema: 'public',
  name,
  kind: 'table',
  columns: new Map(),
  columnList: [],
  primaryKey: [],
  uniques: [],
  outgoing: [],
  incoming: [],
  computed: new Map(),
  computedRelations: new Map(),
});
const fn = (name: string, args: string[]): DbFunction => ({
  schema: 'public',
  name,
  args: args.map((a) => ({ name: a, type: 'text', hasDefault: false })),
  returnType: 'text',
  returnsSet: false,
  returnsVoid: false,
  returnRelation: null,
  volatility: 'v',
  singleUnnamedJson: false,
});
const snapshot = (tables: string[], fns: DbFunction[] = []): SchemaSnapshot => ({
  relations: new Map(tables.map((t) => [`public\u0000${t}`, rel(t)])),
  functions: new Map(fns.map((f) => [`public\u0000${f.name}`, [f]])),
  roleSettings: new Map(),
  loadedAt: 0,
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('shifts', 'shifts')).toBe(0);
    expect(editDistance('shfits', 'shifts')).toBe(2);
    expect(editDistance('shift', 'shifts')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
  it('stops past the limit', () => {
    expect(editDistance('abcdefgh', 'zzzzzzzz', 3)).toBe(4);
  });
});

describe('closestName', () => {
  it('takes the nearest within 3 edits and nothing further', () => {
    expect(closestName('shfits', ['staff', 'shifts', 'companies'])).toBe('shifts');
    expect(closestName('users', ['markers', 'employees'])).toBeNull();
    expect(closestName('clientsxxxxxxx', ['clients'])).toBeNull();
  });
});

describe('hints', () => {
  it('a misspelled table gets PostgREST’s hint', () => {
    expect(tableHint(snapshot(['shifts', 'staff']), 'public', 'shfits')).toBe(
      "Perhaps you meant the table 'public.shifts'",
    );
    expect(tableHint(snapshot(['shifts']), 'public', 'payroll')).toBeNull();
  });
  it('no hint in a schema of 500 tables', () => {
    const many = Array.from({ length: 500 }, (_, i) => `t${i}`);
    expect(tableHint(snapshot(many), 'public', 't1x')).toBeNull();
  });
  it('a misspelled function and a function called with other parameters', () => {
    const s = snapshot([], [fn('accept_shift', ['p_shift_id'])]);
    expect(functionHint(s, 'public', 'acept_shift', [], [])).toBe(
      'Perhaps you meant to call the function public.accept_shift',
    );
    expect(functionHint(s, 'public', 'accept_shift', ['shift_id'], [fn('accept_shift', ['p_shift_id'])])).toBe(
      'Perhaps you meant to call the function public.accept_shift(p_shift_id)',
    );
  });
});
