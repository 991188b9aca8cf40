import { describe, expect, it } from 'vitest';
import { HttpError } from '../gateway/http.ts';
import { chooseRoutine } from './routines.ts';
import type { DbFunction, FunctionArg, SchemaSnapshot } from './schema-cache.ts';

// The overloads of postgrest-js' own live suite (test/supabase/migrations), as PostgREST's schema
// cache holds them: functions with an unnamed parameter of another type are not callable at all.
const arg = (name: string, type: string, hasDefault = false): FunctionArg => ({ name, type, hasDefault });
const fn = (name: string, args: FunctionArg[], returnType = 'integer'): DbFunction => ({
  schema: 'public',
  name,
  args,
  returnType,
  returnsSet: false,
  returnsVoid: false,
  returnRelation: null,
  volatility: 'v',
  singleUnnamed: args.length === 1 && args[0]?.name === '',
});
const fixtures: DbFunction[][] = [
  [fn('unresolvable', []), fn('unresolvable', [arg('a', 'text')]), fn('unresolvable', [arg('a', 'integer')])],
  [
    fn('resolvable', []),
    fn('resolvable', [arg('a', 'text')]),
    fn('resolvable', [arg('b', 'integer')]),
    fn('resolvable', [arg('cid', 'bigint'), arg('search', 'text', true)]),
  ],
  [fn('no_params_or_unnamed', []), fn('no_params_or_unnamed', [arg('', 'text')], 'text')],
  [fn('unnamed_default', []), fn('unnamed_default', [arg('', 'text', true)], 'text')],
  [fn('unnamed_json', [arg('', 'json')])],
];
const snapshot: SchemaSnapshot = {
  relations: new Map(),
  functions: new Map(fixtures.map((list) => [`public\u0000${list[0]?.name ?? ''}`, list])),
  roleSettings: new Map(),
  loadedAt: 0,
};
const candidates = (name: string): DbFunction[] => snapshot.functions.get(`public\u0000${name}`) ?? [];
const call = (name: string, keys: string[], isPost = true): DbFunction =>
  chooseRoutine(snapshot, candidates(name), { schema: 'public', name, keys, isPost });
const failure = (name: string, keys: string[], isPost = true): Record<string, unknown> => {
  try {
    call(name, keys, isPost);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, ...(error.body as object) };
  }
  throw new Error('expected an error');
};

describe('chooseRoutine (PostgREST findProc)', () => {
  it('calls the overload whose required and optional parameters the call names', () => {
    expect(call('resolvable', []).args).toEqual([]);
    expect(call('resolvable', ['a']).args[0]?.type).toBe('text');
    expect(call('resolvable', ['b']).args[0]?.type).toBe('integer');
    expect(call('resolvable', ['cid']).args.map((a) => a.name)).toEqual(['cid', 'search']);
    expect(call('resolvable', ['cid', 'search']).args.map((a) => a.name)).toEqual(['cid', 'search']);
  });
  it('answers PGRST203 listing the candidates in PostgREST order', () => {
    expect(failure('unresolvable', ['a'])).toMatchObject({
      status: 300,
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.unresolvable(a => integer), public.unresolvable(a => text)',
    });
    expect(failure('unnamed_default', [])).toMatchObject({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.unnamed_default(), public.unnamed_default( => text)',
    });
  });
  it('gives a function whose only parameter is unnamed the call that names it ""', () => {
    expect(call('no_params_or_unnamed', []).args).toEqual([]);
    expect(call('no_params_or_unnamed', ['']).returnType).toBe('text');
    expect(call('unnamed_default', ['']).returnType).toBe('text');
    expect(call('unnamed_json', ['anything']).args[0]?.type).toBe('json');
  });
  it('answers PGRST202 in PostgREST words: "parameter" for one, the json fallback only on POST', () => {
    expect(failure('resolvable', ['x'])).toMatchObject({
      status: 404,
      code: 'PGRST202',
      message: 'Could not find the function public.resolvable(x) in the schema cache',
      details:
        'Searched for the function public.resolvable with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    expect(failure('resolvable', ['y', 'x'], false)).toMatchObject({
      message: 'Could not find the function public.resolvable(x, y) in the schema cache',
      details:
        'Searched for the function public.resolvable with parameters x, y, but no matches were found in the schema cache.',
    });
    expect(failure('missing', [])).toMatchObject({
      message: 'Could not find the function public.missing without parameters in the schema cache',
      hint: null,
    });
  });
});
