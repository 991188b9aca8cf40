/**
 * Fuzzing the /rest/v1 query parser and SQL builder with random and hostile input: they either
 * succeed or throw the stack's typed 4xx error, and the SQL they build keeps every value a bound
 * parameter and every caller-given name a quoted identifier. Reproduce a failure with the seed
 * printed below: `FC_SEED=<seed> npx vitest run --project unit stack/src/rest/parse.fuzz.test.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../gateway/http.ts';
import { buildDelete, buildInsert, buildRead, buildRpc, buildUpdate, type BuiltQuery } from './build-sql.ts';
import { parsePrefer } from './parse-prefer.ts';
import { parseQuery } from './parse-query.ts';
import { MAX_NESTING } from './parse-filter.ts';
import { key, type Column, type DbFunction, type Relation, type SchemaSnapshot } from './schema-cache.ts';
import { rangeHeader } from './service.ts';

const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
process.stdout.write(`[fuzz] stack/src/rest parser seed: ${seed} (FC_SEED=${seed} to replay)\n`);
const RUNS = { seed, numRuns: 400, includeErrorInReport: true };

/** Appears in every generated value and name, so the SQL text can be searched for leaks. */
const MARK = 'ⓜ';

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

function relation(name: string, columns: Column[]): Relation {
  return {
    schema: 'public',
    name,
    kind: 'table',
    columns: new Map(columns.map((c) => [c.name, c])),
    columnList: columns,
    primaryKey: ['id'],
    uniques: [['id']],
    outgoing: [],
    incoming: [],
    computed: new Map(),
    computedRelations: new Map(),
  };
}

const companies = relation('companies', [column('id', 'uuid'), column('company_name'), column('premium', 'boolean')]);
const shifts = relation('shifts', [
  column('id', 'uuid', { hasDefault: true, defaultExpr: 'gen_random_uuid()' }),
  column('company_id', 'uuid'),
  column('pay', 'numeric'),
  column('address'),
  column('tags', 'text[]'),
  column('meta', 'jsonb'),
  column('doc', 'tsvector'),
  column('start', 'timestamptz'),
]);
const fk = {
  name: 'shifts_company_id_fkey',
  schema: 'public',
  table: 'shifts',
  columns: ['company_id'],
  refSchema: 'public',
  refTable: 'companies',
  refColumns: ['id'],
};
shifts.outgoing.push(fk);
companies.incoming.push(fk);
const search: DbFunction = {
  schema: 'public',
  name: 'search',
  args: [
    { name: 'q', type: 'text', hasDefault: false },
    { name: 'n', type: 'integer', hasDefault: true },
  ],
  returnType: 'SETOF shifts',
  returnsSet: true,
  returnsVoid: false,
  returnRelation: shifts,
  volatility: 's',
  singleUnnamed: false,
};
const snapshot: SchemaSnapshot = {
  relations: new Map([
    [key('public', 'companies'), companies],
    [key('public', 'shifts'), shifts],
  ]),
  functions: new Map([[key('public', 'search'), [search]]]),
  roleSettings: new Map(),
  loadedAt: 0,
};

// ---- generators -------------------------------------------------------------------------------

const hostileText = fc.constantFrom(
  "'; drop table shifts; --",
  '") or 1=1 --',
  '$1',
  '\\',
  '"',
  "'",
  ',',
  '(',
  ')',
  '{',
  '}',
  '.',
  '::',
  '->',
  '->>',
  '*',
  '%',
  '\0',
  '\u0000x',
  '\uFFFF',
  '😀',
  'ż',
  '\u202E',
  ' ',
  '\n',
  '99999999999999999999999999',
  '-1',
  '1e309',
  'NaN',
  'null',
  'not_null',
  'true',
);
/** Text with the marker: hostile pieces, random unicode, or nothing else. */
const value = fc
  .array(fc.oneof(hostileText, fc.string({ maxLength: 6, unit: 'grapheme' }), fc.string({ maxLength: 4 })), {
    maxLength: 4,
  })
  .map((parts) => `${MARK}${parts.join('')}`);
const columnName = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('id', 'company_id', 'pay', 'address', 'tags', 'meta', 'doc', 'start') },
  { weight: 1, arbitrary: value },
);
const jsonPath = fc.oneof(
  { weight: 5, arbitrary: fc.constant('') },
  fc
    .array(fc.tuple(fc.constantFrom('->', '->>'), fc.oneof(fc.constantFrom('a', '0', '-1', '99999999999'), value)), {
      minLength: 1,
      maxLength: 2,
    })
    .map((steps) => steps.map(([arrow, k]) => `${arrow}${k}`).join('')),
);
const field = fc.tuple(columnName, jsonPath).map(([c, p]) => c + p);
const operator = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('eq', 'neq', 'gt', 'lt', 'like', 'ilike', 'is', 'in') },
  fc.constantFrom(
    'eq',
    'neq',
    'gt',
    'gte',
    'lt',
    'lte',
    'like',
    'ilike',
    'match',
    'imatch',
    'in',
    'is',
    'isdistinct',
    'fts',
    'plfts',
    'phfts',
    'wfts',
    'cs',
    'cd',
    'ov',
    'sl',
    'sr',
    'nxl',
    'nxr',
    'adj',
  ),
  fc.string({ maxLength: 5 }),
);
const modifier = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  fc.constantFrom('(any)', '(all)', '(english)', '()', '(x'),
  value.map((v) => `(${v})`),
);
const operand = fc.oneof(
  { weight: 4, arbitrary: value },
  fc.constantFrom('null', 'true', '1', '2024-01-01'),
  fc.array(value, { maxLength: 3 }).map((vs) => `(${vs.join(',')})`),
  fc.array(value, { maxLength: 3 }).map((vs) => `{${vs.join(',')}}`),
  fc.array(value, { maxLength: 3 }).map((vs) => `(${vs.map((v) => `"${v.replaceAll('"', '\\"')}"`).join(',')})`),
);
const operation = fc
  .tuple(fc.boolean(), operator, modifier, operand)
  .map(([not, op, mod, val]) => `${not ? 'not.' : ''}${op}${mod}.${val}`);

const { tree } = fc.letrec<{ tree: string; child: string }>((tie) => ({
  tree: fc.array(tie('child'), { minLength: 1, maxLength: 3 }).map((children) => `(${children.join(',')})`),
  child: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(field, operation).map(([f, o]) => `${f}.${o}`),
    fc.tuple(fc.constantFrom('and', 'or', 'not.and', 'not.or'), tie('tree')).map(([op, t]) => `${op}${t}`),
  ),
}));

const { selectList } = fc.letrec<{ selectList: string; item: string }>((tie) => ({
  selectList: fc.array(tie('item'), { minLength: 1, maxLength: 4 }).map((items) => items.join(',')),
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant('*'),
    field,
    fc.tuple(value, field).map(([alias, f]) => `"${alias.replaceAll('"', '\\"')}":${f}`),
    fc
      .tuple(field, fc.constantFrom('::text', '::int', '::numeric[]', '::x y', '::int;drop', ''))
      .map(([f, c]) => f + c),
    fc.tuple(field, fc.constantFrom('.count()', '.sum()', '.avg()', '.bogus()')).map(([f, a]) => f + a),
    fc.constant('count()'),
    fc
      .tuple(
        fc.constantFrom('companies', 'shifts', 'nope'),
        fc.constantFrom('', '!inner', '!left', '!shifts_company_id_fkey', '!x'),
        fc.constantFrom('', '...'),
        tie('selectList'),
      )
      .map(([rel, hint, spread, inner]) => `${spread}${rel}${hint}(${inner})`),
  ),
}));

const order = fc
  .array(fc.tuple(field, fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.sideways')), {
    minLength: 1,
    maxLength: 3,
  })
  .map((terms) => terms.map(([f, m]) => f + m).join(','));
const number = fc.oneof(
  fc.nat().map(String),
  fc.constantFrom('0', '-1', '1.5', '99999999999999999999999', '1e3', '', ' 1', '0x10'),
);

/** One query-string parameter from the grammar (valid or close to valid), or plain garbage. */
const param: fc.Arbitrary<[string, string]> = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constant('select'), selectList) },
  { weight: 3, arbitrary: fc.tuple(field, operation) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('or', 'and', 'not.or', 'not.and', 'companies.or'), tree) },
  fc.tuple(fc.constantFrom('order', 'companies.order'), order),
  fc.tuple(fc.constantFrom('limit', 'offset', 'companies.limit', 'nope.offset'), number),
  fc.tuple(
    fc.constantFrom('columns', 'on_conflict'),
    fc.array(columnName, { maxLength: 3 }).map((c) => c.join(',')),
  ),
  fc.tuple(fc.constantFrom('companies.company_name', 'nope.id'), operation),
  fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 20 })),
  fc.tuple(fc.string({ maxLength: 8, unit: 'binary' }), fc.string({ maxLength: 30, unit: 'binary' })),
);
const queryString = fc.array(param, { maxLength: 4 }).map((pairs) => {
  const params = new URLSearchParams();
  for (const [k, v] of pairs) params.append(k, v);
  return params;
});

// ---- properties -------------------------------------------------------------------------------

/** Runs `fn`; only a 4xx HttpError may escape (anything else fails the property). */
function typed<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.status).toBeLessThan(500);
    expect(error.body).toMatchObject({ message: expect.any(String) });
    return null;
  }
}

/** The SQL outside quoted identifiers: no caller text, no literals the builder did not write itself. */
function expectParameterised(built: BuiltQuery): void {
  expect(built.text).not.toContain('\0');
  const outside = built.text.replace(/"(?:[^"]|"")*"/g, '""');
  expect(outside).not.toContain('"""');
  expect(outside).not.toContain(MARK);
  const literals = outside.match(/'[^']*'/g) ?? [];
  for (const literal of literals) expect(["'[]'"]).toContain(literal);
  // Every placeholder refers to a bound value.
  for (const [, n] of outside.matchAll(/\$(\d+)/g)) expect(Number(n)).toBeLessThanOrEqual(built.values.length);
}

const READ = { count: true, singular: false, limit: 1000, offset: 0 };
const WRITE = { returnBody: true, singular: false, count: true };

describe('REST query parser and SQL builder under fuzzing', () => {
  it('parses arbitrary query strings or refuses them with a typed 4xx', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'binary' }), (raw) => {
        typed(() => parseQuery(new URLSearchParams(raw)));
      }),
      { ...RUNS, numRuns: 1000 },
    );
  });

  it('builds only parameterised SQL with quoted identifiers for any grammar-shaped request', () => {
    fc.assert(
      fc.property(
        queryString,
        fc.array(columnName, { maxLength: 3 }),
        fc.constantFrom('read', 'insert', 'update', 'delete', 'rpc'),
        (params, bodyKeys, kind) => {
          const query = typed(() => parseQuery(params, (k) => k === 'q' || k === 'n'));
          if (!query) return;
          const keys = [...new Set(bodyKeys)];
          const json = JSON.stringify([Object.fromEntries(keys.map((k) => [k, MARK]))]);
          const built = typed(() => {
            switch (kind) {
              case 'read':
                return buildRead(snapshot, shifts, query, READ);
              case 'insert':
                return buildInsert(
                  snapshot,
                  shifts,
                  query,
                  { json, keys },
                  { ...WRITE, missingDefault: true, resolution: 'merge-duplicates' },
                );
              case 'update':
                return buildUpdate(snapshot, shifts, query, { json: json.slice(1, -1), keys }, WRITE);
              case 'delete':
                return buildDelete(snapshot, shifts, query, WRITE);
              default:
                return buildRpc(snapshot, search, { kind: 'named', values: { q: MARK } }, query, READ);
            }
          });
          if (built) expectParameterised(built);
        },
      ),
      RUNS,
    );
  });

  it('refuses nesting deeper than the limit with a 400 instead of overflowing a stack', () => {
    const deepTree = (n: number) => `(${'or('.repeat(n)}id.is.null${')'.repeat(n)})`;
    expect(typed(() => parseQuery(new URLSearchParams({ or: deepTree(MAX_NESTING - 2) })))).not.toBeNull();
    for (const n of [MAX_NESTING, 5000, 20000]) {
      expect(typed(() => parseQuery(new URLSearchParams({ or: deepTree(n) })))).toBeNull();
      const select = `${'companies(shifts('.repeat(n)}id${'))'.repeat(n)}`;
      expect(typed(() => parseQuery(new URLSearchParams({ select })))).toBeNull();
    }
  });

  it('refuses a NUL in a quoted name or alias (it would cut the statement short on the wire)', () => {
    for (const select of ['"a\0b":id', 'id,"\0"', '"x\0"(id)']) {
      expect(typed(() => parseQuery(new URLSearchParams({ select })))).toBeNull();
    }
  });

  it('reads any Prefer header without throwing, keeping only known preferences', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.constantFrom(
              'return=representation',
              'count=exact',
              'max-affected=5',
              'tx=rollback',
              'count=exact;drop',
            ),
          ),
        ),
        (pieces) => {
          const prefer = parsePrefer(pieces.join(','));
          for (const applied of prefer.applied) expect(applied).toMatch(/^[a-z-]+=[a-z-]+$/);
        },
      ),
      RUNS,
    );
  });

  it('reads any Range header as nothing, a valid window or a typed 416', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.tuple(number, number).map(([a, b]) => `items=${a}-${b}`),
          fc.tuple(number, number).map(([a, b]) => `${a}-${b}`),
        ),
        (header) => {
          const range = typed(() => rangeHeader(header));
          if (!range) return;
          expect(Number.isSafeInteger(range.offset) || range.offset > 0).toBe(true);
          if (range.limit !== undefined) expect(range.limit).toBeGreaterThan(0);
        },
      ),
      RUNS,
    );
  });
});
