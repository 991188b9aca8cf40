/**
 * AST + schema cache → one parameterised statement per request. Every identifier is checked
 * against the schema cache and quoted; every value is a bound parameter. The statement returns
 * one row `(total int8, n int8, body text)`: the JSON body is rendered by Postgres itself.
 */
import type { Condition, Field, LevelOptions, OrderTerm, ParsedQuery, SelectItem } from './ast.ts';
import { parseError, pgrstError } from './errors.ts';
import { resolveEmbed, type ResolvedEmbed } from './relationships.ts';
import { configFlag, type DbFunction, type Relation, type SchemaSnapshot } from './schema-cache.ts';

export interface BuiltQuery {
  text: string;
  values: unknown[];
  /**
   * `explain (format json)` of the read without paging: PostgREST's planned count (and its
   * estimated count past max-rows) is the planner's row estimate for it.
   */
  countPlan?: { text: string; values: unknown[] };
}

/** A quoted identifier. The parsers refuse NUL already; this is the last line, as a 400 not a protocol error. */
export function ident(name: string): string {
  if (name.includes('\0')) throw parseError('invalid identifier', 'identifiers cannot contain the NUL character');
  return `"${name.replaceAll('"', '""')}"`;
}

export function relationRef(rel: { schema: string; name: string }): string {
  return `${ident(rel.schema)}.${ident(rel.name)}`;
}

/**
 * Postgres' 42703 as PostgREST's statement gets it: the root relation by its name, an embedded one
 * by PostgREST's alias for it, `<table>_<depth>` (Plan.hs addRels).
 */
export function unknownColumn(rel: Relation, name: string, depth = 0): Error {
  const alias = depth === 0 ? rel.name : `${rel.name}_${depth}`;
  return pgrstError(400, '42703', `column ${alias}.${name} does not exist`, null, null);
}

/**
 * `messages(count)`: PostgREST does not check selected names, so a `count` that is no column
 * reaches Postgres as `messages_1."count"`, which Postgres reads as `count(messages_1)` (a function
 * in attribute notation): the number of related rows, whether or not aggregates are enabled.
 */
function isCountNotation(rel: Relation, field: Field): boolean {
  return field.name === 'count' && field.json.length === 0 && !rel.columns.has('count') && !rel.computed.has('count');
}

const COMPARE: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};
const RANGE: Record<string, string> = {
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  // PostgREST's names read from the column's side: nxl "does not extend to the left of" is &>,
  // nxr "does not extend to the right of" is &< (rangeGte / rangeLte in supabase-js).
  nxl: '&>',
  nxr: '&<',
  adj: '-|-',
};
const FTS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

interface Scope {
  rel: Relation;
  alias: string;
  /** Embed path of this level (`''` for the root). */
  path: string;
}

interface Projection {
  columns: string[];
  names: string[];
  joins: string[];
  /** Extra conditions for this level: `!inner` embeds. */
  conditions: string[];
  groupBy: string[] | null;
  /** Embed-name filters (`rel=is.null`) resolve through these. */
  embeds: Map<string, (negate: boolean) => string>;
  /**
   * In a to-one spread, aggregates are left to the parent (PostgREST hoists them): each output
   * column that the parent aggregates, by its name here.
   */
  hoisted: Map<string, { aggregate: string; cast?: string; name: string }>;
}

/** What a level of the projection collects for its GROUP BY. */
interface LevelState {
  plain: string[];
  aggregated: boolean;
}

const EMPTY_LEVEL: LevelOptions = { conditions: [] };

export class SqlBuilder {
  readonly values: unknown[] = [];
  private aliases = 0;
  private readonly usedLevels = new Set<string>(['']);

  constructor(
    private readonly snapshot: SchemaSnapshot,
    private readonly query: ParsedQuery,
  ) {}

  param(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }

  alias(prefix = '_t'): string {
    this.aliases += 1;
    return `${prefix}${this.aliases}`;
  }

  level(path: string): LevelOptions {
    this.usedLevels.add(path);
    return this.query.levels.get(path) ?? EMPTY_LEVEL;
  }

  /**
   * What PostgREST checks while planning, before any SQL runs: every embed resolves to one
   * relationship (PGRST200/PGRST201), then aggregates are allowed at all (PGRST123: off unless
   * `pgrst.db_aggregates_enabled` is set on the authenticator role, as on hosted projects).
   */
  validate(rel: Relation, items: SelectItem[]): void {
    let aggregates = false;
    const walk = (source: Relation, list: SelectItem[]): void => {
      for (const item of list) {
        if (item.kind === 'count' || (item.kind === 'column' && item.aggregate)) aggregates = true;
        else if (item.kind === 'embed') {
          walk(resolveEmbed(this.snapshot, source, item.relation, item.hint).target, item.select);
        }
      }
    };
    walk(rel, items);
    if (aggregates && !configFlag(this.snapshot, 'db_aggregates_enabled')) {
      throw pgrstError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
    }
  }

  /** Options given for an embed that the select does not contain: PostgREST's PGRST108. */
  checkLevels(): void {
    for (const path of this.query.levels.keys()) {
      if (!this.usedLevels.has(path)) {
        throw pgrstError(
          400,
          'PGRST108',
          `'${path}' is not an embedded resource in this request`,
          null,
          `Verify that '${path}' is included in the 'select' query parameter.`,
        );
      }
    }
  }

  column(scope: Scope, field: Field): string {
    if (isCountNotation(scope.rel, field)) return `${scope.alias}."count"`;
    const computed = scope.rel.columns.has(field.name) ? undefined : scope.rel.computed.get(field.name);
    if (!computed && !scope.rel.columns.has(field.name)) {
      throw unknownColumn(scope.rel, field.name, scope.path === '' ? 0 : scope.path.split('.').length);
    }
    // A computed field is its function applied to the row (PostgREST: "Computed Fields").
    let sql = computed
      ? `${ident(computed.schema)}.${ident(computed.name)}(${scope.alias})`
      : `${scope.alias}.${ident(field.name)}`;
    for (const step of field.json) {
      sql += `${step.arrow}${this.param(step.key, /^-?\d+$/.test(step.key) ? 'int' : 'text')}`;
    }
    return field.json.length > 0 ? `(${sql})` : sql;
  }

  condition(scope: Scope, cond: Condition, embeds: Map<string, (negate: boolean) => string>): string {
    if (cond.kind === 'logic') {
      const joined = cond.children.map((c) => this.condition(scope, c, embeds)).join(` ${cond.op} `);
      return cond.negate ? `not (${joined})` : `(${joined})`;
    }
    const { field, operation } = cond;
    const embedFilter = field.json.length === 0 ? embeds.get(field.name) : undefined;
    if (embedFilter && !scope.rel.columns.has(field.name)) {
      if (operation.op !== 'is' || (operation.value !== 'null' && operation.value !== 'not_null')) {
        throw parseError(
          `failed to parse filter (${field.name})`,
          'only is.null and not.is.null apply to an embedded resource',
        );
      }
      const wantsNull = (operation.value === 'null') !== cond.negate;
      return embedFilter(wantsNull);
    }
    const lhs = this.column(scope, field);
    const column = scope.rel.columns.get(field.name);
    let sql: string;
    switch (operation.op) {
      case 'in':
        sql = `${lhs} = any(${this.param(operation.values)})`;
        break;
      case 'is': {
        const v = operation.value === 'not_null' ? 'not null' : operation.value;
        sql = `${lhs} is ${v}`;
        break;
      }
      case 'isdistinct':
        sql = `${lhs} is distinct from ${this.param(operation.value)}`;
        break;
      case 'fts':
      case 'plfts':
      case 'phfts':
      case 'wfts': {
        const fn = FTS[operation.op] ?? 'to_tsquery';
        const cfg = operation.config !== undefined ? `${this.param(operation.config, 'regconfig')}, ` : '';
        const vector = column?.typname === 'tsvector' && field.json.length === 0 ? lhs : `to_tsvector(${cfg}${lhs})`;
        sql = `${vector} @@ ${fn}(${cfg}${this.param(operation.value)})`;
        break;
      }
      case 'cs':
      case 'cd':
      case 'ov':
      case 'sl':
      case 'sr':
      case 'nxl':
      case 'nxr':
      case 'adj': {
        const type = field.json.length > 0 ? 'jsonb' : (column?.type ?? 'text');
        sql = `${lhs} ${RANGE[operation.op] ?? '='} ${this.param(operation.value, type)}`;
        break;
      }
      default: {
        const op = COMPARE[operation.op] ?? '=';
        sql =
          'quantifier' in operation
            ? `${lhs} ${op} ${operation.quantifier}(${this.param(operation.values)})`
            : `${lhs} ${op} ${this.param(operation.value)}`;
      }
    }
    return cond.negate ? `not (${sql})` : sql;
  }

  order(scope: Scope, terms: OrderTerm[] | undefined): string {
    if (!terms || terms.length === 0) return '';
    const parts = terms.map((t) => {
      let sql = this.column(scope, t.field);
      if (t.direction) sql += ` ${t.direction}`;
      if (t.nulls) sql += ` nulls ${t.nulls}`;
      return sql;
    });
    return ` order by ${parts.join(', ')}`;
  }

  paging(limit: number | undefined, offset: number | undefined): string {
    let sql = '';
    if (limit !== undefined) sql += ` limit ${this.param(limit, 'int8')}`;
    if (offset !== undefined && offset > 0) sql += ` offset ${this.param(offset, 'int8')}`;
    return sql;
  }

  /** `hoist`: this level is a to-one spread, whose aggregates its parent applies (PostgREST's hoisting). */
  projection(scope: Scope, items: SelectItem[], hoist = false): Projection {
    const out: Projection = {
      columns: [],
      names: [],
      joins: [],
      conditions: [],
      groupBy: null,
      embeds: new Map(),
      hoisted: new Map(),
    };
    const state: LevelState = { plain: [], aggregated: false };
    const { plain } = state;
    const embedNames = new Set<string>();
    const add = (sql: string, name: string): void => {
      out.columns.push(`${sql} as ${ident(name)}`);
      out.names.push(name);
    };
    for (const item of items) {
      switch (item.kind) {
        case 'star':
          for (const c of scope.rel.columnList) {
            const sql = `${scope.alias}.${ident(c.name)}`;
            add(sql, c.name);
            plain.push(sql);
          }
          break;
        case 'count':
          state.aggregated = true;
          add(item.cast ? `count(*)::${item.cast}` : 'count(*)', item.alias ?? 'count');
          break;
        case 'column': {
          const countNotation = isCountNotation(scope.rel, item.field);
          let sql = this.column(scope, item.field);
          const last = item.field.json[item.field.json.length - 1];
          let name = item.alias ?? last?.key ?? item.field.name;
          if (item.aggregate && hoist) {
            // The parent applies it: here the plain value, under the name the parent reads.
            const hoisted = { aggregate: item.aggregate, name: item.alias ?? item.aggregate };
            out.hoisted.set(name, item.cast ? { ...hoisted, cast: item.cast } : hoisted);
            add(sql, name);
            break;
          }
          if (item.aggregate) {
            state.aggregated = true;
            sql = `${item.aggregate}(${sql})`;
            if (item.alias === undefined) name = item.aggregate;
          } else if (!countNotation) plain.push(sql);
          if (item.cast) sql = `(${sql})::${item.cast}`;
          add(sql, name);
          break;
        }
        case 'embed': {
          // PostgREST joins each embed as "<table>_<name>_<depth>": the same name twice at one level
          // is the same alias twice, which Postgres refuses (42712).
          const name = item.alias ?? item.relation;
          if (embedNames.has(name)) {
            const depth = scope.path === '' ? 1 : scope.path.split('.').length + 1;
            throw pgrstError(400, '42712', `table name "${scope.rel.name}_${name}_${depth}" specified more than once`);
          }
          embedNames.add(name);
          this.embed(scope, item, out, add, state);
          break;
        }
      }
    }
    if (state.aggregated) out.groupBy = plain;
    return out;
  }

  private embedScope(
    parent: Scope,
    item: Extract<SelectItem, { kind: 'embed' }>,
  ): { resolved: ResolvedEmbed; path: string } {
    const resolved = resolveEmbed(this.snapshot, parent.rel, item.relation, item.hint);
    const name = item.alias ?? item.relation;
    return { resolved, path: parent.path === '' ? name : `${parent.path}.${name}` };
  }

  /** `from target alias where join [and filters]` for an embed, with a fresh alias. */
  private embedSource(
    parent: Scope,
    resolved: ResolvedEmbed,
    path: string,
    withFilters: boolean,
  ): { scope: Scope; from: string; where: string[] } {
    const scope: Scope = { rel: resolved.target, alias: this.alias(), path };
    let from = `${relationRef(resolved.target)} ${scope.alias}`;
    let where = resolved.pairs.map(([p, c]) => `${scope.alias}.${ident(c)} = ${parent.alias}.${ident(p)}`);
    const { junction } = resolved;
    if (resolved.computed) {
      from = `${ident(resolved.computed.schema)}.${ident(resolved.computed.name)}(${parent.alias}) ${scope.alias}`;
      where = ['true'];
    } else if (junction) {
      const j = this.alias('_j');
      const on = junction.targetPairs.map(([t, c]) => `${j}.${ident(c)} = ${scope.alias}.${ident(t)}`);
      from += ` join ${relationRef(junction.rel)} ${j} on ${on.join(' and ')}`;
      where = junction.sourcePairs.map(([p, c]) => `${j}.${ident(c)} = ${parent.alias}.${ident(p)}`);
    }
    if (withFilters) {
      const level = this.level(path);
      for (const cond of level.conditions) where.push(this.condition(scope, cond, new Map()));
    }
    return { scope, from, where };
  }

  private embed(
    parent: Scope,
    item: Extract<SelectItem, { kind: 'embed' }>,
    out: Projection,
    add: (sql: string, name: string) => void,
    state: LevelState,
  ): void {
    const { resolved, path } = this.embedScope(parent, item);
    const name = item.alias ?? item.relation;
    const exists = (): string => {
      const src = this.embedSource(parent, resolved, path, true);
      return `exists (select 1 from ${src.from} where ${src.where.join(' and ')})`;
    };
    out.embeds.set(name, (wantsNull) => (wantsNull ? `not ${exists()}` : exists()));
    if (item.join === 'inner') out.conditions.push(exists());
    // `users()`: an embed with no columns only filters; PostgREST leaves its key out of the result.
    if (item.select.length === 0 && !item.spread) return;

    const src = this.embedSource(parent, resolved, path, true);
    const level = this.level(path);
    const sub = this.projection(src.scope, item.select, item.spread && resolved.toOne);
    const where = [...src.where, ...sub.conditions];
    const inner =
      `select ${sub.columns.join(', ')} from ${src.from}${sub.joins.join('')}` +
      ` where ${where.join(' and ')}` +
      (sub.groupBy && sub.groupBy.length > 0 ? ` group by ${sub.groupBy.join(', ')}` : '') +
      this.order(src.scope, level.order) +
      this.paging(resolved.toOne ? undefined : level.limit, resolved.toOne ? undefined : level.offset);
    const x = this.alias('_x');
    if (item.spread && !resolved.toOne) {
      // A to-many spread: each column becomes the array of its values (PostgREST 13).
      const y = this.alias('_y');
      const arrays = sub.names.map((n) => `coalesce(json_agg(${y}.${ident(n)}), '[]')::jsonb as ${ident(n)}`);
      out.joins.push(` left join lateral (select ${arrays.join(', ')} from (${inner}) ${y}) ${x} on true`);
      for (const n of sub.names) {
        add(`${x}.${ident(n)}`, n);
        state.plain.push(`${x}.${ident(n)}`);
      }
      return;
    }
    if (item.spread) {
      // A to-one spread: its columns join the parent's, grouped by when the parent aggregates, and
      // its aggregates are the parent's over them (PostgREST's hoistSpreadAggFunctions).
      out.joins.push(` left join lateral (${inner}) ${x} on true`);
      for (const n of sub.names) {
        const hoisted = sub.hoisted.get(n);
        if (hoisted) {
          state.aggregated = true;
          const sql = `${hoisted.aggregate}(${x}.${ident(n)})`;
          add(hoisted.cast ? `(${sql})::${hoisted.cast}` : sql, hoisted.name);
        } else {
          add(`${x}.${ident(n)}`, n);
          state.plain.push(`${x}.${ident(n)}`);
        }
      }
      return;
    }
    if (resolved.toOne) add(`(select row_to_json(${x}) from (${inner}) ${x})`, name);
    else add(`coalesce((select json_agg(${x}) from (${inner}) ${x}), '[]'::json)`, name);
  }

  /**
   * `select <projection> from <from> where … order … limit …` for the root level, plus the
   * where clause alone so a count can reuse it.
   */
  rootSelect(
    scope: Scope,
    from: string,
    options: { limit?: number; offset?: number; ignoreFilters?: boolean },
  ): { select: string; where: string } {
    this.validate(scope.rel, this.query.select);
    const level = this.level('');
    const projection = this.projection(scope, this.query.select);
    const conditions = options.ignoreFilters
      ? []
      : level.conditions.map((c) => this.condition(scope, c, projection.embeds));
    conditions.push(...projection.conditions);
    const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
    const select =
      `select ${projection.columns.join(', ')} from ${from}${projection.joins.join('')}${where}` +
      (projection.groupBy && projection.groupBy.length > 0 ? ` group by ${projection.groupBy.join(', ')}` : '') +
      this.order(scope, level.order) +
      this.paging(options.limit, options.offset);
    return { select, where };
  }
}

/** How a result is rendered: what the request's Accept header asked for. */
export interface Rendering {
  singular: boolean;
  /** `Accept: text/csv`: a header line of column names, then one line per row (PostgREST's format). */
  csv?: boolean;
  /** `Accept: application/vnd.pgrst.array+json;nulls=stripped` (or object+json): null fields left out. */
  stripNulls?: boolean;
}

type Body = 'array' | 'object' | 'none' | 'csv';

const bodyOf = (rendering: Rendering, isObject = false): Body =>
  rendering.csv ? 'csv' : rendering.singular || isObject ? 'object' : 'array';

function bodyExpression(body: Body, stripNulls: boolean): string {
  const row = stripNulls ? 'json_strip_nulls(row_to_json(_r))' : '_r';
  switch (body) {
    case 'none':
      return 'null::text';
    case 'object':
      return `(json_agg(${row})->0)::text`;
    case 'array':
      return `coalesce(json_agg(${row}), '[]'::json)::text`;
    case 'csv':
      // As PostgREST renders it: the first row's keys, then each row's record text without its
      // parentheses (Postgres quotes a field holding a comma, quote, space or parenthesis).
      return (
        `coalesce((select string_agg(_k, ',') from json_object_keys((array_agg(row_to_json(_r)))[1]) _k), '')` +
        ` || chr(10) || coalesce(string_agg(substring(_r::text, 2, length(_r::text) - 2), chr(10)), '')`
      );
  }
}

function wrap(
  inner: string,
  body: Body,
  totalSql: string | null,
  prefix = '',
  insertedSql: string | null = null,
  stripNulls = false,
): string {
  const inserted = insertedSql ? `, ${insertedSql} as inserted` : '';
  return `${prefix}select ${totalSql ?? 'null::int8'} as total, count(*)::int8 as n, ${bodyExpression(body, stripNulls)} as body${inserted} from (${inner}) _r`;
}

export interface ReadOptions extends Rendering {
  count: boolean;
  /** Also build the statement whose plan estimates the count (Prefer: count=planned/estimated). */
  planCount?: boolean;
  limit?: number;
  offset?: number;
}

export function buildRead(
  snapshot: SchemaSnapshot,
  rel: Relation,
  query: ParsedQuery,
  options: ReadOptions,
): BuiltQuery {
  const b = new SqlBuilder(snapshot, query);
  const scope: Scope = { rel, alias: '_t0', path: '' };
  const from = `${relationRef(rel)} _t0`;
  const rootOptions: { limit?: number; offset?: number } = {};
  if (options.limit !== undefined) rootOptions.limit = options.limit;
  if (options.offset !== undefined) rootOptions.offset = options.offset;
  const { select, where } = b.rootSelect(scope, from, rootOptions);
  b.checkLevels();
  const total = options.count ? `(select count(*) from ${from}${where})::int8` : null;
  const built: BuiltQuery = {
    text: wrap(select, bodyOf(options), total, '', null, options.stripNulls),
    values: b.values,
  };
  if (options.planCount) {
    // A builder of its own, so the statement binds exactly the values it uses.
    const planned = new SqlBuilder(snapshot, query);
    const unpaged = planned.rootSelect(scope, from, {});
    built.countPlan = { text: `explain (format json) ${unpaged.select}`, values: planned.values };
  }
  return built;
}

export interface WriteOptions extends Rendering {
  returnBody: boolean;
  singular: boolean;
  count: boolean;
}

export interface InsertPayload {
  /** The rows as a JSON array text. */
  json: string;
  /** Union of the keys of the rows, in first-seen order. */
  keys: string[];
}

function payloadColumns(rel: Relation, names: string[]): string[] {
  for (const name of names) {
    if (!rel.columns.has(name)) {
      throw pgrstError(400, 'PGRST204', `Could not find the '${name}' column of '${rel.name}' in the schema cache`);
    }
  }
  return names;
}

/** The upsert marker column of `_w`: never selected, since `*` expands to the relation's own columns. */
const INSERTED_MARK = '_pgrst_inserted';

function writeRepresentation(
  b: SqlBuilder,
  rel: Relation,
  withSql: string,
  options: WriteOptions,
  countsInserted = false,
): string {
  const total = options.count ? '(select count(*) from _w)::int8' : null;
  const inserted = countsInserted ? `(select count(*) from _w where ${INSERTED_MARK})::int8` : null;
  if (!options.returnBody) return wrap('select 1 from _w', 'none', total, withSql, inserted);
  const scope: Scope = { rel, alias: '_t0', path: '' };
  const { select } = b.rootSelect(scope, '_w _t0', { ignoreFilters: true });
  b.checkLevels();
  return wrap(select, bodyOf(options), total, withSql, inserted, options.stripNulls);
}

export function buildInsert(
  snapshot: SchemaSnapshot,
  rel: Relation,
  query: ParsedQuery,
  payload: InsertPayload,
  options: WriteOptions & { missingDefault: boolean; resolution?: 'merge-duplicates' | 'ignore-duplicates' },
): BuiltQuery {
  const b = new SqlBuilder(snapshot, query);
  const columns = payloadColumns(rel, query.columns ?? payload.keys);
  const table = relationRef(rel);
  const rows = b.param(payload.json, 'jsonb');
  let source: string;
  let selectList: string[];
  if (options.missingDefault) {
    // As PostgREST does (SqlFragment.hs, fromJsonBodyF): each row is its columns' defaults
    // overlaid with the row's own keys, so every default is evaluated for every row, a sequence
    // too (a bulk insert uses up one value per row and column, whether the row gives one or not).
    const defaults = columns.flatMap((c) => {
      const expr = rel.columns.get(c)?.defaultExpr;
      return expr ? [`${b.param(c, 'text')}, ${expr}`] : [];
    });
    source =
      `jsonb_array_elements(${rows}) _e, lateral (select jsonb_build_object(${defaults.join(', ')}) || _e as _j) _d,` +
      ` lateral jsonb_populate_record(null::${table}, _d._j) _p`;
    selectList = columns.map((c) => `_p.${ident(c)}`);
  } else {
    source = `jsonb_populate_recordset(null::${table}, ${rows}) _p`;
    selectList = columns.map((c) => `_p.${ident(c)}`);
  }
  let sql = `insert into ${table} as _t (${columns.map(ident).join(', ')}) select ${selectList.join(', ')} from ${source}`;
  if (options.resolution) {
    const target = query.onConflict ?? rel.primaryKey;
    for (const c of target) if (!rel.columns.has(c)) throw unknownColumn(rel, c);
    if (target.length === 0) {
      throw pgrstError(
        400,
        '42P10',
        'there is no unique or exclusion constraint matching the ON CONFLICT specification',
      );
    }
    const conflict = ` on conflict (${target.map(ident).join(', ')})`;
    if (options.resolution === 'ignore-duplicates' || columns.length === 0) sql += `${conflict} do nothing`;
    else sql += `${conflict} do update set ${columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
  }
  // PostgREST answers an upsert 201 only when it inserted a row, 200 otherwise (PostgREST #2926).
  // A row the statement inserted has no deleting transaction yet: xmax = 0 (tables only; a view
  // has no system columns, and its upserts stay 201 here).
  const countsInserted = options.resolution !== undefined && rel.kind === 'table';
  const mark = countsInserted ? `, _t.xmax = 0 as ${INSERTED_MARK}` : '';
  sql += options.returnBody ? ` returning _t.*${mark}` : ` returning 1${mark}`;
  return { text: writeRepresentation(b, rel, `with _w as (${sql}) `, options, countsInserted), values: b.values };
}

function safeUpdate(query: ParsedQuery, verb: 'UPDATE' | 'DELETE'): void {
  if ((query.levels.get('')?.conditions.length ?? 0) === 0) {
    throw pgrstError(400, '21000', `${verb} requires a WHERE clause`);
  }
}

export function buildUpdate(
  snapshot: SchemaSnapshot,
  rel: Relation,
  query: ParsedQuery,
  payload: { json: string; keys: string[] },
  options: WriteOptions,
): BuiltQuery {
  safeUpdate(query, 'UPDATE');
  const b = new SqlBuilder(snapshot, query);
  const columns = payloadColumns(rel, query.columns ?? payload.keys);
  const scope: Scope = { rel, alias: '_t0', path: '' };
  const returning = options.returnBody ? ' returning _t0.*' : ' returning 1';
  let sql: string;
  if (columns.length === 0) {
    // Nothing to set: like PostgREST, touch no row. The filters are not rendered, since every
    // parameter they bound would be one the statement does not use, which Postgres refuses.
    sql = `select _t0.* from ${relationRef(rel)} _t0 where false`;
  } else {
    const conditions = b.level('').conditions.map((c) => this_condition(b, scope, c));
    const record = b.param(payload.json, 'jsonb');
    sql =
      `update ${relationRef(rel)} as _t0 set ${columns.map((c) => `${ident(c)} = _p.${ident(c)}`).join(', ')}` +
      ` from jsonb_populate_record(null::${relationRef(rel)}, ${record}) _p where ${conditions.join(' and ')}${returning}`;
  }
  return { text: writeRepresentation(b, rel, `with _w as (${sql}) `, options), values: b.values };
}

export function buildDelete(
  snapshot: SchemaSnapshot,
  rel: Relation,
  query: ParsedQuery,
  options: WriteOptions,
): BuiltQuery {
  safeUpdate(query, 'DELETE');
  const b = new SqlBuilder(snapshot, query);
  const scope: Scope = { rel, alias: '_t0', path: '' };
  const conditions = b.level('').conditions.map((c) => this_condition(b, scope, c));
  const returning = options.returnBody ? ' returning _t0.*' : ' returning 1';
  const sql = `delete from ${relationRef(rel)} as _t0 where ${conditions.join(' and ')}${returning}`;
  return { text: writeRepresentation(b, rel, `with _w as (${sql}) `, options), values: b.values };
}

/** Root filters of writes: embed-name filters do not apply there. */
function this_condition(b: SqlBuilder, scope: Scope, cond: Condition): string {
  return b.condition(scope, cond, new Map());
}

export type RpcArgs = { kind: 'named'; values: Record<string, unknown> } | { kind: 'whole'; json: string };

export interface RpcShape {
  /** 'void' → 204, 'scalar' → a JSON value, 'object' → one row as an object, 'set' → an array. */
  kind: 'void' | 'scalar' | 'object' | 'set' | 'scalar-set';
}

export function rpcShape(fn: DbFunction): RpcShape['kind'] {
  if (fn.returnsVoid) return 'void';
  if (fn.returnRelation) return fn.returnsSet ? 'set' : 'object';
  return fn.returnsSet ? 'scalar-set' : 'scalar';
}

export function buildRpc(
  snapshot: SchemaSnapshot,
  fn: DbFunction,
  args: RpcArgs,
  query: ParsedQuery,
  options: ReadOptions,
): BuiltQuery {
  const b = new SqlBuilder(snapshot, query);
  const fnRef = relationRef(fn);
  let call: string;
  let from = '';
  if (args.kind === 'whole') {
    call = `${fnRef}(${b.param(args.json, fn.args[0]?.type ?? 'json')})`;
  } else {
    const names = Object.keys(args.values);
    if (names.length === 0) call = `${fnRef}()`;
    else {
      const defs = names.map((n) => `${ident(n)} ${fn.args.find((a) => a.name === n)?.type ?? 'text'}`);
      from = `jsonb_to_record(${b.param(JSON.stringify(args.values), 'jsonb')}) as _a(${defs.join(', ')})`;
      call = `${fnRef}(${names.map((n) => `${ident(n)} := _a.${ident(n)}`).join(', ')})`;
    }
  }
  const shape = rpcShape(fn);
  const fromClause = from ? ` from ${from}` : '';
  if (shape === 'void') {
    return {
      text: `select null::int8 as total, count(*)::int8 as n, null::text as body from (select ${call}${fromClause}) _v`,
      values: b.values,
    };
  }
  if (shape === 'scalar') {
    return {
      text: `select null::int8 as total, 1::int8 as n, to_json(_v.v)::text as body from (select ${call} as v${fromClause}) _v`,
      values: b.values,
    };
  }
  const source = from ? `${from}, lateral ${call}` : call;
  if (shape === 'scalar-set') {
    const withSql = `with _f as materialized (select _s.v from ${source} as _s(v)) `;
    const inner = `select _f.v from _f${b.paging(options.limit, options.offset)}`;
    const total = options.count ? '(select count(*) from _f)::int8' : null;
    return {
      text: `${withSql}select ${total ?? 'null::int8'} as total, count(*)::int8 as n, coalesce(json_agg(_r.v), '[]'::json)::text as body from (${inner}) _r`,
      values: b.values,
    };
  }
  const rel = fn.returnRelation as Relation;
  const withSql = `with _f as materialized (select _s.* from ${source} _s) `;
  const scope: Scope = { rel, alias: '_t0', path: '' };
  const rootOptions: { limit?: number; offset?: number } = {};
  if (options.limit !== undefined) rootOptions.limit = options.limit;
  if (options.offset !== undefined) rootOptions.offset = options.offset;
  const { select, where } = b.rootSelect(scope, '_f _t0', rootOptions);
  b.checkLevels();
  const total = options.count ? `(select count(*) from _f _t0${where})::int8` : null;
  return {
    text: wrap(select, bodyOf(options, shape === 'object'), total, withSql, null, options.stripNulls),
    values: b.values,
  };
}
