import { describe, expect, it } from 'vitest';
import { HttpError } from '../gateway/http.ts';
import { buildDelete, buildInsert, buildRead, buildRpc, buildUpdate } from './build-sql.ts';
import { parseQuery } from './parse-query.ts';
import { key, type Column, type DbFunction, type Relation, type SchemaSnapshot } from './schema-cache.ts';

function column(name: string, type = 'text', extra: Partial<Column> = {}): Column {
  return {
    name,
    type,
    typname: type,
    nullable: true,
    hasDefault: false,
    defaultExpr: null,
    generated: false,
    ...extra,
  };
}

function relation(name: string, columns: Column[], primaryKey: string[] = ['id']): Relation {
  return {
    schema: 'public',
    name,
    kind: 'table',
    columns: new Map(columns.map((c) => [c.name, c])),
    columnList: columns,
    primaryKey,
    uniques: [primaryKey],
    outgoing: [],
    incoming: [],
    computed: new Map(),
    computedRelations: new Map(),
  };
}

const teams = relation('teams', [column('id', 'bigint'), column('name')]);
const notes = relation('notes', [
  column('id', 'bigint', { hasDefault: true, defaultExpr: "nextval('notes_id_seq'::regclass)" }),
  column('team_id', 'bigint'),
  column('title'),
  column('tags', 'text[]'),
  column('data', 'jsonb'),
  column('doc', 'tsvector'),
]);
const fk = {
  name: 'notes_team_id_fkey',
  schema: 'public',
  table: 'notes',
  columns: ['team_id'],
  refSchema: 'public',
  refTable: 'teams',
  refColumns: ['id'],
};
notes.outgoing.push(fk);
teams.incoming.push(fk);
const search: DbFunction = {
  schema: 'public',
  name: 'search',
  args: [{ name: 'q', type: 'text', hasDefault: false }],
  returnType: 'SETOF notes',
  returnsSet: true,
  returnsVoid: false,
  returnRelation: notes,
  volatility: 's',
  singleUnnamed: false,
};
const snapshot: SchemaSnapshot = {
  relations: new Map([
    [key('public', 'teams'), teams],
    [key('public', 'notes'), notes],
  ]),
  functions: new Map([[key('public', 'search'), [search]]]),
  roleSettings: new Map(),
  loadedAt: 0,
};

const HOSTILE = [
  "'; drop table x; --",
  '") or 1=1 --',
  "'' or ''='",
  "a\\'b",
  'Robert"); DROP TABLE students;--',
  '$1; select pg_sleep(10)',
  'żółw 🐢',
];

function read(qs: string) {
  return buildRead(snapshot, notes, parseQuery(new URLSearchParams(qs)), {
    count: true,
    singular: false,
    limit: 1000,
    offset: 0,
  });
}

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return (error.body as { code: string }).code;
    throw error;
  }
  return undefined;
}

describe('built SQL keeps values out of the text', () => {
  for (const value of HOSTILE) {
    it(`binds ${JSON.stringify(value)} in every operator`, () => {
      const enc = encodeURIComponent;
      const quoted = `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
      const queries = [
        `title=eq.${enc(value)}`,
        `title=not.like.${enc(value)}`,
        `title=in.(${enc(quoted)},b)`,
        `title=ilike(any).{${enc(quoted)}}`,
        `or=(title.eq.${enc(quoted)},and(title.neq.${enc(quoted)}))`,
        `doc=fts(english).${enc(value)}`,
        `tags=cs.${enc(`{${quoted}}`)}`,
        `data->>${enc(quoted)}=eq.${enc(value)}`,
        `select=title,teams(name)&teams.name=eq.${enc(value)}`,
        `title=isdistinct.${enc(value)}`,
      ];
      for (const qs of queries) {
        const built = read(qs);
        expect(built.text).not.toContain(value);
        expect(built.text).not.toContain('drop table');
        expect(built.values.length).toBeGreaterThan(0);
      }
      expect(read(`title=eq.${enc(value)}`).values).toContain(value);
      expect(read(`title=in.(${enc(quoted)},b)`).values).toContainEqual([value, 'b']);
    });
  }

  it('binds insert, update and rpc payloads as one JSON parameter', () => {
    const row = { title: HOSTILE[0], tags: [HOSTILE[1]] };
    const json = JSON.stringify([row]);
    const insert = buildInsert(
      snapshot,
      notes,
      parseQuery(new URLSearchParams()),
      { json, keys: ['title', 'tags'] },
      { returnBody: true, singular: false, count: false, missingDefault: true },
    );
    expect(insert.text).not.toContain('drop table');
    expect(insert.values).toContain(json);
    expect(insert.text).toContain('jsonb_array_elements($1::jsonb)');
    const update = buildUpdate(
      snapshot,
      notes,
      parseQuery(new URLSearchParams(`id=eq.${encodeURIComponent(HOSTILE[1] ?? '')}`)),
      { json: JSON.stringify(row), keys: ['title'] },
      { returnBody: false, singular: false, count: false },
    );
    expect(update.text).not.toContain('or 1=1');
    const rpc = buildRpc(
      snapshot,
      search,
      { kind: 'named', values: { q: HOSTILE[0] } },
      parseQuery(new URLSearchParams()),
      { count: false, singular: false },
    );
    expect(rpc.text).not.toContain('drop table');
    expect(rpc.values).toEqual([JSON.stringify({ q: HOSTILE[0] })]);
  });

  it('quotes every identifier', () => {
    const built = read('select=id,name:title&title=eq.x&order=id.desc');
    expect(built.text).toContain('_t0."title" = $1');
    expect(built.text).toContain('as "name"');
    expect(built.text).toContain('from "public"."notes" _t0');
    expect(built.text).toContain('order by _t0."id" desc');
  });
});

describe('built SQL validates identifiers against the schema cache', () => {
  it('rejects unknown columns in select, filters, order and embeds with 42703', () => {
    expect(code(() => read('select=nope'))).toBe('42703');
    expect(code(() => read(`select=${encodeURIComponent('"title; drop table x; --"')}`))).toBe('42703');
    expect(code(() => read('select="title""; drop table x; --"'))).toBe('PGRST100');
    expect(code(() => read('nope=eq.1'))).toBe('42703');
    expect(code(() => read(`${encodeURIComponent('title" = title or "1')}=eq.1`))).toBe('42703');
    expect(code(() => read('order=nope.asc'))).toBe('42703');
    expect(code(() => read('select=*,teams(nope)'))).toBe('42703');
    expect(code(() => read('or=(nope.eq.1)'))).toBe('42703');
  });

  it('rejects unknown relationships, embed options without an embed, and payload columns', () => {
    expect(code(() => read('select=*,users(*)'))).toBe('PGRST200');
    expect(code(() => read('teams.limit=1'))).toBe('PGRST108');
    expect(
      code(() =>
        buildInsert(
          snapshot,
          notes,
          parseQuery(new URLSearchParams()),
          { json: '[{"x; drop":1}]', keys: ['x; drop'] },
          { returnBody: false, singular: false, count: false, missingDefault: false },
        ),
      ),
    ).toBe('PGRST204');
  });

  it('binds no parameter its statement does not use when an update has nothing to set', () => {
    const q = parseQuery(new URLSearchParams('or=(id.eq.1,title.eq.x)&team_id=eq.2'));
    const built = buildUpdate(
      snapshot,
      notes,
      q,
      { json: '{}', keys: [] },
      { returnBody: true, singular: false, count: true },
    );
    const placeholders = new Set([...built.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    expect(built.values).toHaveLength(placeholders.size);
    expect([...placeholders].every((n) => n >= 1 && n <= built.values.length)).toBe(true);
  });

  it('refuses unfiltered UPDATE and DELETE (safeupdate)', () => {
    const q = parseQuery(new URLSearchParams());
    expect(code(() => buildDelete(snapshot, notes, q, { returnBody: false, singular: false, count: false }))).toBe(
      '21000',
    );
    expect(
      code(() =>
        buildUpdate(snapshot, notes, q, { json: '{}', keys: [] }, { returnBody: false, singular: false, count: false }),
      ),
    ).toBe('21000');
  });

  it('builds embeds in both directions', () => {
    const toOne = read('select=title,teams(name)');
    expect(toOne.text).toContain('row_to_json');
    const toMany = buildRead(snapshot, teams, parseQuery(new URLSearchParams('select=name,notes!inner(title)')), {
      count: false,
      singular: false,
    });
    expect(toMany.text).toContain('json_agg');
    expect(toMany.text).toContain('exists (select 1 from "public"."notes"');
  });
});
