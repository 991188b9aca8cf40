import { describe, expect, it } from 'vitest';
import type { DbFunction, Relation, SchemaSnapshot } from './schema-cache.ts';
import { closestMatch, similarity } from './fuzzy.ts';
import { functionHint, tableHint } from './suggest.ts';

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
  singleUnnamed: false,
});
const snapshot = (tables: string[], fns: DbFunction[] = []): SchemaSnapshot => ({
  relations: new Map(tables.map((t) => [`public\u0000${t}`, rel(t)])),
  functions: new Map(fns.map((f) => [`public\u0000${f.name}`, [f]])),
  roleSettings: new Map(),
  loadedAt: 0,
});

describe('closestMatch (fuzzyset, as PostgREST uses it)', () => {
  it('scores by n-grams, then by normalised Levenshtein similarity', () => {
    expect(similarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7);
    expect(closestMatch('shfits', ['staff', 'shifts', 'companies'], 0.33)).toBe('shifts');
    expect(closestMatch('users', ['markers', 'employees'], 0.75)).toBeNull();
  });
  it('finds an exact name whatever its case', () => {
    expect(closestMatch('Shifts', ['shifts'], 0.75)).toBe('shifts');
  });
  // postgrest-js' own suite: a call of a function PostgREST cannot call (an unnamed integer
  // parameter) is hinted at the callable sibling with the unnamed text parameter.
  it('picks the sibling postgrest-js expects', () => {
    const names = [
      'polymorphic_function_with_different_return',
      'polymorphic_function_with_no_params_or_unnamed',
      'polymorphic_function_with_unnamed_default',
      'polymorphic_function_with_unnamed_default_overload',
      'polymorphic_function_with_unnamed_json',
      'polymorphic_function_with_unnamed_jsonb',
      'polymorphic_function_with_unnamed_text',
    ];
    expect(closestMatch('polymorphic_function_with_unnamed_integer', names, 0.75)).toBe(
      'polymorphic_function_with_unnamed_text',
    );
    expect(closestMatch('blurb_message', ['get_messages', 'function_returning_row', 'get_status'], 0.75)).toBeNull();
  });
});

describe('hints', () => {
  it('a misspelled table gets PostgREST’s hint, only when 75% alike', () => {
    expect(tableHint(snapshot(['shifts', 'staff']), 'public', 'shift')).toBe(
      "Perhaps you meant the table 'public.shifts'",
    );
    // PostgREST's own examples (ErrorSpec): projectx and projecxx are close enough, projxxxx is not.
    expect(tableHint(snapshot(['projects']), 'public', 'projecxx')).toBe(
      "Perhaps you meant the table 'public.projects'",
    );
    expect(tableHint(snapshot(['projects']), 'public', 'projxxxx')).toBeNull();
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
