import { describe, expect, it } from 'vitest';
import { HttpError } from '../gateway/http.ts';
import { parseFilter, parseLogicTree, splitTopLevel } from './parse-filter.ts';
import { parseOrder } from './parse-order.ts';
import { parsePrefer } from './parse-prefer.ts';
import { parseQuery } from './parse-query.ts';
import { parseSelect } from './parse-select.ts';

function pgrstCode(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return (error.body as { code: string }).code;
    throw error;
  }
  return undefined;
}

describe('filters', () => {
  it('parses operators, negation and modifiers', () => {
    expect(parseFilter('age', 'gte.18')).toEqual({
      kind: 'filter',
      field: { name: 'age', json: [] },
      negate: false,
      operation: { op: 'gte', value: '18' },
    });
    expect(parseFilter('name', 'not.ilike.*Ann*').operation).toEqual({ op: 'ilike', value: '%Ann%' });
    expect(parseFilter('name', 'not.ilike.*Ann*').negate).toBe(true);
    expect(parseFilter('name', 'like(any).{a*,"b,c"}').operation).toEqual({
      op: 'like',
      quantifier: 'any',
      values: ['a%', 'b,c'],
    });
    expect(parseFilter('v', 'is.NULL').operation).toEqual({ op: 'is', value: 'null' });
    expect(parseFilter('v', 'is.not_null').operation).toEqual({ op: 'is', value: 'not_null' });
    expect(parseFilter('doc', 'fts(english).cat & dog').operation).toEqual({
      op: 'fts',
      value: 'cat & dog',
      config: 'english',
    });
    expect(parseFilter('doc', 'wfts.a b').operation).toEqual({ op: 'wfts', value: 'a b' });
    expect(parseFilter('tags', 'cs.{a,b}').operation).toEqual({ op: 'cs', value: '{a,b}' });
    expect(parseFilter('r', 'adj.[1,2)').operation).toEqual({ op: 'adj', value: '[1,2)' });
    expect(parseFilter('a', 'isdistinct.x').operation).toEqual({ op: 'isdistinct', value: 'x' });
    expect(parseFilter('data->a->>b', 'eq.1').field).toEqual({
      name: 'data',
      json: [
        { arrow: '->', key: 'a' },
        { arrow: '->>', key: 'b' },
      ],
    });
  });

  it('keeps values with dots, quotes and SQL fragments verbatim', () => {
    expect(parseFilter('t', "eq.'; drop table x; --").operation).toEqual({ op: 'eq', value: "'; drop table x; --" });
    expect(parseFilter('t', 'eq.") or 1=1 --').operation).toEqual({ op: 'eq', value: '") or 1=1 --' });
    expect(parseFilter('t', 'eq.a.b.c').operation).toEqual({ op: 'eq', value: 'a.b.c' });
    expect(parseFilter('t', 'eq.żółw 🐢 \\').operation).toEqual({ op: 'eq', value: 'żółw 🐢 \\' });
  });

  it('parses in() lists with quotes and backslash escapes', () => {
    expect(parseFilter('t', 'in.(1,"a,b","c\\"d","e\\\\f",(x))').operation).toEqual({
      op: 'in',
      values: ['1', 'a,b', 'c"d', 'e\\f', '(x)'],
    });
    expect(parseFilter('t', 'in.()').operation).toEqual({ op: 'in', values: [] });
    expect(parseFilter('t', `in.("'; drop table x; --",") or 1=1 --")`).operation).toEqual({
      op: 'in',
      values: ["'; drop table x; --", ') or 1=1 --'],
    });
  });

  it('rejects unknown operators and malformed values with PGRST100', () => {
    expect(pgrstCode(() => parseFilter('t', 'nope.1'))).toBe('PGRST100');
    expect(pgrstCode(() => parseFilter('t', 'eq'))).toBe('PGRST100');
    expect(pgrstCode(() => parseFilter('t', '1'))).toBe('PGRST100');
    expect(pgrstCode(() => parseFilter('t', 'in.1,2'))).toBe('PGRST100');
    expect(pgrstCode(() => parseFilter('t', 'is.maybe'))).toBe('PGRST100');
    expect(pgrstCode(() => parseFilter('t', 'in(any).{1}'))).toBe('PGRST100');
    expect(pgrstCode(() => parseFilter('t', 'eq(some).{1}'))).toBe('PGRST100');
    expect(pgrstCode(() => parseFilter('', 'eq.1'))).toBe('PGRST100');
  });

  it('parses nested logic trees with quoted values', () => {
    const tree = parseLogicTree('or', false, '(a.eq.1,and(b.gt.2,not.or(c.is.null,d.eq."x,y")),e.in.("p,q",r))');
    expect(tree).toEqual({
      kind: 'logic',
      op: 'or',
      negate: false,
      children: [
        { kind: 'filter', field: { name: 'a', json: [] }, negate: false, operation: { op: 'eq', value: '1' } },
        {
          kind: 'logic',
          op: 'and',
          negate: false,
          children: [
            { kind: 'filter', field: { name: 'b', json: [] }, negate: false, operation: { op: 'gt', value: '2' } },
            {
              kind: 'logic',
              op: 'or',
              negate: true,
              children: [
                {
                  kind: 'filter',
                  field: { name: 'c', json: [] },
                  negate: false,
                  operation: { op: 'is', value: 'null' },
                },
                {
                  kind: 'filter',
                  field: { name: 'd', json: [] },
                  negate: false,
                  operation: { op: 'eq', value: 'x,y' },
                },
              ],
            },
          ],
        },
        {
          kind: 'filter',
          field: { name: 'e', json: [] },
          negate: false,
          operation: { op: 'in', values: ['p,q', 'r'] },
        },
      ],
    });
    expect(pgrstCode(() => parseLogicTree('or', false, 'a.eq.1'))).toBe('PGRST100');
    expect(pgrstCode(() => parseLogicTree('or', false, '(a.zz.1)'))).toBe('PGRST100');
    expect(pgrstCode(() => parseLogicTree('or', false, '(abc)'))).toBe('PGRST100');
  });

  it('splits only at top-level commas', () => {
    expect(splitTopLevel('a,(b,c),"d,e",{f,g}')).toEqual(['a', '(b,c)', '"d,e"', '{f,g}']);
    expect(splitTopLevel('"a\\",b",c')).toEqual(['"a\\",b"', 'c']);
  });
});

describe('select', () => {
  it('parses columns, aliases, casts, json paths, aggregates and embeds', () => {
    expect(parseSelect('id, name:full_name, age::text, data->a->>b, total:amount.sum(), count()')).toEqual([
      { kind: 'column', field: { name: 'id', json: [] } },
      { kind: 'column', field: { name: 'full_name', json: [] }, alias: 'name' },
      { kind: 'column', field: { name: 'age', json: [] }, cast: 'text' },
      {
        kind: 'column',
        field: {
          name: 'data',
          json: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
      },
      { kind: 'column', field: { name: 'amount', json: [] }, alias: 'total', aggregate: 'sum' },
      { kind: 'count' },
    ]);
    expect(parseSelect('*,owner:users!notes_owner_fkey!inner(id,teams(*)),...teams(team:name)')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        relation: 'users',
        alias: 'owner',
        hint: 'notes_owner_fkey',
        join: 'inner',
        spread: false,
        select: [
          { kind: 'column', field: { name: 'id', json: [] } },
          { kind: 'embed', relation: 'teams', join: 'left', spread: false, select: [{ kind: 'star' }] },
        ],
      },
      {
        kind: 'embed',
        relation: 'teams',
        join: 'left',
        spread: true,
        select: [{ kind: 'column', field: { name: 'name', json: [] }, alias: 'team' }],
      },
    ]);
    expect(parseSelect(null)).toEqual([{ kind: 'star' }]);
    expect(parseSelect('"my col"')).toEqual([{ kind: 'column', field: { name: 'my col', json: [] } }]);
  });

  it('rejects malformed selects and unsafe casts with PGRST100', () => {
    expect(pgrstCode(() => parseSelect('a,(b'))).toBe('PGRST100');
    expect(pgrstCode(() => parseSelect('rel(a'))).toBe('PGRST100');
    expect(pgrstCode(() => parseSelect('a::text; drop table x'))).toBe('PGRST100');
    expect(pgrstCode(() => parseSelect('a::int)--'))).toBe('PGRST100');
    expect(pgrstCode(() => parseSelect('a.drop()'))).toBe('PGRST100');
    expect(pgrstCode(() => parseSelect('"unterminated'))).toBe('PGRST100');
  });
});

describe('order, prefer and the whole query', () => {
  it('parses order terms', () => {
    expect(parseOrder('a.desc.nullslast,b,c->>d.asc.nullsfirst')).toEqual([
      { field: { name: 'a', json: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', json: [] } },
      { field: { name: 'c', json: [{ arrow: '->>', key: 'd' }] }, direction: 'asc', nulls: 'first' },
    ]);
    expect(pgrstCode(() => parseOrder('a.sideways'))).toBe('PGRST100');
  });

  it('splits and trims comma-joined Prefer values', () => {
    const prefer = parsePrefer(
      'return=representation, count=exact,resolution=merge-duplicates , missing=default,tx=rollback,bogus=1',
    );
    expect(prefer).toMatchObject({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      tx: 'rollback',
    });
    expect(prefer.applied).toEqual([
      'return=representation',
      'count=exact',
      'resolution=merge-duplicates',
      'missing=default',
      'tx=rollback',
    ]);
  });

  it('routes embed options, logic trees and upsert options', () => {
    const q = parseQuery(
      new URLSearchParams(
        'select=*,rel(*)&a=eq.1&not.or=(b.eq.1,c.eq.2)&rel.order=x.desc&rel.limit=2&rel.offset=1&rel.y=gt.3&rel.or=(z.eq.1)&limit=5&offset=10&on_conflict=a,b&columns="a","b"',
      ),
    );
    expect(q.levels.get('')).toMatchObject({ limit: 5, offset: 10 });
    expect(q.levels.get('')?.conditions).toHaveLength(2);
    expect(q.levels.get('')?.conditions[1]).toMatchObject({ kind: 'logic', op: 'or', negate: true });
    expect(q.levels.get('rel')).toMatchObject({ limit: 2, offset: 1, order: [{ direction: 'desc' }] });
    expect(q.levels.get('rel')?.conditions).toHaveLength(2);
    expect(q.onConflict).toEqual(['a', 'b']);
    expect(q.columns).toEqual(['a', 'b']);
    expect(pgrstCode(() => parseQuery(new URLSearchParams('limit=-1')))).toBe('PGRST100');
    const rpc = parseQuery(new URLSearchParams('x=1&y=eq.2'), (k) => k === 'x');
    expect(rpc.rpcArgs).toEqual([['x', '1']]);
    expect(rpc.levels.get('')?.conditions).toHaveLength(1);
  });
});
