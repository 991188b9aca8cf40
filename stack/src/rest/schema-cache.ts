/**
 * PostgREST's schema cache: relations, columns, keys and functions of the exposed schemas, loaded in
 * four catalog queries and reloaded on `notify pgrst` (fired by the bootstrap's DDL event triggers).
 */
import type pg from 'pg';
import { isDatabaseUnavailable, retryWhileDatabaseUnavailable } from '../db/pool.ts';
import { HttpError } from '../gateway/http.ts';
import { pgrstError } from './errors.ts';

export interface Column {
  name: string;
  /** `format_type` output, usable verbatim in a cast. */
  type: string;
  /** pg_type.typname (`tsvector`, `_int4`, …). */
  typname: string;
  nullable: boolean;
  hasDefault: boolean;
  /** The DEFAULT expression from the catalog (or `nextval` for identity columns), for `missing=default`. */
  defaultExpr: string | null;
  generated: boolean;
}

export interface ForeignKey {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  refSchema: string;
  refTable: string;
  refColumns: string[];
  /** Carried over from a base table to a view over it (PostgREST: "Embedding Views"). */
  throughView?: boolean;
  /** Its columns are a primary or unique key of the table holding it: one-to-one both ways. */
  oneToOne?: boolean;
}

export interface Relation {
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'function-result';
  columns: Map<string, Column>;
  columnList: Column[];
  primaryKey: string[];
  uniques: string[][];
  /** FKs this relation owns (to-one embeds). */
  outgoing: ForeignKey[];
  /** FKs of other relations pointing here (to-many, or to-one when the FK columns are unique). */
  incoming: ForeignKey[];
  /**
   * Computed fields: functions of one argument of this relation's row type, returning a scalar
   * (PostgREST selects and filters them like columns).
   */
  computed: Map<string, ComputedField>;
  /**
   * Computed relationships: functions of one argument of this relation's row type returning rows
   * of another relation, embedded like a foreign key (PostgREST: "Computed Relationships").
   */
  computedRelations: Map<string, ComputedRelation>;
}

export interface ComputedRelation {
  schema: string;
  name: string;
  /** The relation the function returns rows of (filled once every relation is known). */
  target: Relation;
  /** `returns <table>` or `rows 1`: embedded as an object, like a many-to-one. */
  toOne: boolean;
}

export interface ComputedField {
  schema: string;
  name: string;
  type: string;
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface DbFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  returnsVoid: boolean;
  /** Row shape of composite results (a table's row type, a `returns table (…)`, OUT params). */
  returnRelation: Relation | null;
  volatility: 'i' | 's' | 'v';
  /** The only parameter is unnamed: it receives the whole body (PostgREST's OnePosParam). */
  singleUnnamed: boolean;
}

/** A setting as `name` and `value`, from `alter role … set name = value`. */
export type RoleSetting = readonly [name: string, value: string];

export interface SchemaSnapshot {
  relations: Map<string, Relation>;
  functions: Map<string, DbFunction[]>;
  /**
   * PostgREST's impersonated role settings: what `alter role … set` gave each role, applied to
   * the transactions of requests made as that role (on Supabase, anon's 3 s and authenticated's
   * 8 s statement_timeout). Only settings the authenticator may set itself.
   */
  roleSettings: Map<string, RoleSetting[]>;
  loadedAt: number;
}

export const key = (schema: string, name: string): string => `${schema}\u0000${name}`;

/**
 * PostgREST's in-database configuration: `alter role authenticator set pgrst.<name> = …` (read
 * with the schema cache, as PostgREST reads it on a config reload). Supabase leaves
 * `pgrst.db_aggregates_enabled` and `pgrst.db_plan_enabled` off on hosted projects.
 */
export function configFlag(snapshot: Pick<SchemaSnapshot, 'roleSettings'>, name: string): boolean {
  const value = snapshot.roleSettings.get('authenticator')?.find(([n]) => n === `pgrst.${name}`)?.[1];
  return value !== undefined && /^(true|on|yes|1)$/i.test(value.trim());
}

/** Types a single unnamed parameter may have for PostgREST to call the function (SchemaCache.hs). */
export const UNNAMED_PARAM_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

const RELATIONS_SQL = `
select n.nspname as schema, c.relname as name, c.relkind::text as kind, a.attname as column,
       format_type(a.atttypid, a.atttypmod) as type, t.typname, not a.attnotnull as nullable,
       (d.adbin is not null or a.attidentity <> '') as has_default,
       coalesce(pg_get_expr(d.adbin, d.adrelid),
                case when a.attidentity <> '' then (
                  -- The identity's sequence through pg_depend, not pg_get_serial_sequence(name): a
                  -- lookup by name fails when another session drops the table during this query.
                  select format('nextval(%L::regclass)', format('%I.%I', sn.nspname, s.relname))
                  from pg_depend dep
                  join pg_class s on s.oid = dep.objid and s.relkind = 'S'
                  join pg_namespace sn on sn.oid = s.relnamespace
                  where dep.classid = 'pg_class'::regclass and dep.refclassid = 'pg_class'::regclass
                    and dep.refobjid = c.oid and dep.refobjsubid = a.attnum and dep.deptype = 'i'
                  limit 1) end) as default_expr,
       a.attgenerated <> '' as generated
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
join pg_type t on t.oid = a.atttypid
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by n.nspname, c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
select con.conname as name, con.contype::text as type, n.nspname as schema, c.relname as table,
       array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
             join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as columns,
       fn.nspname as ref_schema, fc.relname as ref_table,
       array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
             join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord) as ref_columns,
       con.contype = 'f' and exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
         and (select array_agg(k order by k) from unnest(u.conkey) k) = (select array_agg(k order by k) from unnest(con.conkey) k)) as one_to_one
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_class fc on fc.oid = con.confrelid
left join pg_namespace fn on fn.oid = fc.relnamespace
where con.contype in ('p', 'u', 'f') and (con.contype <> 'f' or con.conparentid = 0) and n.nspname = any($1::text[])`;

/**
 * Where each column of a view in the exposed schemas comes from: the rewrite rule's target list
 * names each output column's original table and column (resorigtbl, resorigcol), as PostgREST
 * reads them. The top-level target list is printed after the range table, so for a name that also
 * appears in a subquery the last entry is the view's own.
 */
const VIEW_SOURCES_SQL = `
with views as (
  select n.nspname as schema, c.relname as name, r.ev_action::text as tree
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
  where c.relkind in ('v', 'm') and n.nspname = any($1::text[])
), entries as (
  select v.schema, v.name, x.m[1] as column, x.m[2]::oid as tbl, x.m[3]::int2 as col, x.ord
  from views v,
       lateral regexp_matches(v.tree, ':resname (\\S+) :ressortgroupref \\d+ :resorigtbl (\\d+) :resorigcol (\\d+)', 'g')
         with ordinality as x(m, ord)
)
select distinct on (e.schema, e.name, e.column)
       e.schema, e.name, e.column, bn.nspname as base_schema, bc.relname as base_table, a.attname as base_column
from entries e
join pg_class bc on bc.oid = e.tbl
join pg_namespace bn on bn.oid = bc.relnamespace
join pg_attribute a on a.attrelid = e.tbl and a.attnum = e.col
where e.tbl <> 0
order by e.schema, e.name, e.column, e.ord desc`;

/** Foreign keys in every user schema: a view in an exposed schema may sit on tables outside them. */
const ALL_FOREIGN_KEYS_SQL = `
select con.conname as name, n.nspname as schema, c.relname as table,
       array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
             join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as columns,
       fn.nspname as ref_schema, fc.relname as ref_table,
       array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
             join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord) as ref_columns,
       con.contype = 'f' and exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
         and (select array_agg(k order by k) from unnest(u.conkey) k) = (select array_agg(k order by k) from unnest(con.conkey) k)) as one_to_one
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_class fc on fc.oid = con.confrelid
join pg_namespace fn on fn.oid = fc.relnamespace
where con.contype = 'f' and con.conparentid = 0 and n.nspname not in ('pg_catalog', 'information_schema')`;

const FUNCTIONS_SQL = `
select n.nspname as schema, p.proname as name, p.proretset as returns_set, p.provolatile::text as volatility,
       format_type(p.prorettype, null) as return_type, rt.typtype::text as return_typtype,
       rn.nspname as return_rel_schema, rc.relname as return_rel_name,
       p.pronargdefaults as n_defaults, coalesce(p.proargnames, '{}') as arg_names,
       coalesce(p.proargmodes::text[], '{}') as arg_modes,
       array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, ord) order by ord) as arg_types,
       case when p.pronargs = 1 then (select an.nspname from pg_type at join pg_class ac on ac.oid = at.typrelid
         join pg_namespace an on an.oid = ac.relnamespace where at.oid = p.proargtypes[0]) end as arg_rel_schema,
       case when p.pronargs = 1 then (select ac.relname from pg_type at join pg_class ac on ac.oid = at.typrelid
         where at.oid = p.proargtypes[0]) end as arg_rel_name,
       p.prorows as rows
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid and rt.typtype = 'c'
left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = any($1::text[]) and p.prokind = 'f'`;

/** Columns of composite types that are not relations in the exposed schemas (e.g. `create type`). */
const COMPOSITE_COLUMNS_SQL = `
select n.nspname as schema, c.relname as name, a.attname as column, format_type(a.atttypid, a.atttypmod) as type, t.typname
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
join pg_type t on t.oid = a.atttypid
where c.relkind = 'c' and n.nspname = any($1::text[])
order by n.nspname, c.relname, a.attnum`;

/**
 * Each role's own settings, the current database's overriding the global ones. Settings that need
 * more than a plain user to change (superuser or postmaster context) are left out, as PostgREST
 * does, since applying them as the authenticator would fail every request; custom `x.y` settings
 * are kept. The role and search path stay the request's own.
 */
const ROLE_SETTINGS_SQL = `
select distinct on (r.rolname, c.name) r.rolname as role, c.name, c.value
from pg_db_role_setting s
join pg_roles r on r.oid = s.setrole
cross join lateral (
  select split_part(item, '=', 1) as name, substr(item, strpos(item, '=') + 1) as value
  from unnest(s.setconfig) as item
) c
where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
  and c.name not in ('role', 'session_authorization', 'search_path')
  and (c.name like '%.%' or exists (select 1 from pg_settings p where p.name = c.name and p.context = 'user'))
order by r.rolname, c.name, s.setdatabase desc`;

interface RelationRow {
  schema: string;
  name: string;
  kind: string;
  column: string;
  type: string;
  typname: string;
  nullable: boolean;
  has_default: boolean;
  default_expr: string | null;
  generated: boolean;
}

interface ViewSourceRow {
  schema: string;
  name: string;
  column: string;
  base_schema: string;
  base_table: string;
  base_column: string;
}

/**
 * A view keeps the relationships of the tables it selects from, for the foreign-key columns it
 * exposes: each foreign key between a table (or a view over it) and a referenced table (or a view
 * over that) becomes a relationship of the relations in the exposed schemas.
 */
export function addViewRelationships(
  relations: Map<string, Relation>,
  sources: ViewSourceRow[],
  foreignKeys: ConstraintRow[],
): void {
  // base table → views over it, each with its base column → view column map.
  const viewsOver = new Map<string, { view: Relation; columns: Map<string, string> }[]>();
  for (const row of sources) {
    const view = relations.get(key(row.schema, row.name));
    if (!view) continue;
    const baseKey = key(row.base_schema, row.base_table);
    const list = viewsOver.get(baseKey) ?? [];
    let entry = list.find((e) => e.view === view);
    if (!entry) {
      entry = { view, columns: new Map() };
      list.push(entry);
      viewsOver.set(baseKey, list);
    }
    if (!entry.columns.has(row.base_column)) entry.columns.set(row.base_column, row.column);
  }
  const sides = (
    schema: string,
    table: string,
    columns: string[],
  ): { rel: Relation; columns: string[]; isView: boolean }[] => {
    const out: { rel: Relation; columns: string[]; isView: boolean }[] = [];
    const table_ = relations.get(key(schema, table));
    if (table_) out.push({ rel: table_, columns, isView: false });
    for (const { view, columns: map } of viewsOver.get(key(schema, table)) ?? []) {
      const mapped = columns.map((c) => map.get(c));
      if (mapped.every((c): c is string => c !== undefined)) out.push({ rel: view, columns: mapped, isView: true });
    }
    return out;
  };
  for (const fk of foreignKeys) {
    if (fk.ref_schema === null || fk.ref_table === null) continue;
    for (const from of sides(fk.schema, fk.table, fk.columns)) {
      for (const to of sides(fk.ref_schema, fk.ref_table, fk.ref_columns)) {
        if (!from.isView && !to.isView) continue; // the table's own foreign key is already there
        const synthetic: ForeignKey = {
          name: fk.name,
          schema: from.rel.schema,
          table: from.rel.name,
          columns: from.columns,
          refSchema: to.rel.schema,
          refTable: to.rel.name,
          refColumns: to.columns,
          throughView: true,
          oneToOne: fk.one_to_one,
        };
        from.rel.outgoing.push(synthetic);
        to.rel.incoming.push(synthetic);
      }
    }
  }
}

interface ConstraintRow {
  name: string;
  type: string;
  schema: string;
  table: string;
  columns: string[];
  ref_schema: string | null;
  ref_table: string | null;
  ref_columns: string[];
  one_to_one: boolean;
}

interface FunctionRow {
  schema: string;
  name: string;
  returns_set: boolean;
  volatility: string;
  return_type: string;
  return_typtype: string;
  return_rel_schema: string | null;
  return_rel_name: string | null;
  n_defaults: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  /** The relation whose row type is the only argument: a computed field or relationship of it. */
  arg_rel_schema: string | null;
  arg_rel_name: string | null;
  /** The planner's row estimate (`rows 1` marks a to-one computed relationship). */
  rows: number;
}

function emptyRelation(schema: string, name: string, kind: Relation['kind']): Relation {
  return {
    schema,
    name,
    kind,
    columns: new Map(),
    columnList: [],
    primaryKey: [],
    uniques: [],
    outgoing: [],
    incoming: [],
    computed: new Map(),
    computedRelations: new Map(),
  };
}

function addColumn(relation: Relation, column: Column): void {
  relation.columns.set(column.name, column);
  relation.columnList.push(column);
}

function plainColumn(name: string, type: string, typname: string): Column {
  return { name, type, typname, nullable: true, hasDefault: false, defaultExpr: null, generated: false };
}

/**
 * SQLSTATEs a catalog query can meet when another session drops an object while it runs (its
 * catalog snapshot still lists the object, a lookup by oid or name no longer finds it): PostgREST
 * retries its schema cache load on any failure; here such a load is tried again at once.
 */
const CATALOG_RACE_CODES = new Set(['42P01', '42704', '42883', 'XX000']);
const CATALOG_ATTEMPTS = 3;

export async function loadSchema(pool: pg.Pool, schemas: string[]): Promise<SchemaSnapshot> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await loadSchemaOnce(pool, schemas);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= CATALOG_ATTEMPTS || typeof code !== 'string' || !CATALOG_RACE_CODES.has(code)) throw error;
    }
  }
}

async function loadSchemaOnce(pool: pg.Pool, schemas: string[]): Promise<SchemaSnapshot> {
  const [rels, cons, fns, comps, settings, viewSources] = await Promise.all([
    pool.query<RelationRow>(RELATIONS_SQL, [schemas]),
    pool.query<ConstraintRow>(CONSTRAINTS_SQL, [schemas]),
    pool.query<FunctionRow>(FUNCTIONS_SQL, [schemas]),
    pool.query<RelationRow>(COMPOSITE_COLUMNS_SQL, [schemas]),
    pool.query<{ role: string; name: string; value: string }>(ROLE_SETTINGS_SQL),
    pool.query<ViewSourceRow>(VIEW_SOURCES_SQL, [schemas]),
  ]);
  const relations = new Map<string, Relation>();
  for (const row of rels.rows) {
    const k = key(row.schema, row.name);
    let relation = relations.get(k);
    if (!relation) {
      relation = emptyRelation(
        row.schema,
        row.name,
        row.kind === 'r' || row.kind === 'p' || row.kind === 'f' ? 'table' : 'view',
      );
      relations.set(k, relation);
    }
    addColumn(relation, {
      name: row.column,
      type: row.type,
      typname: row.typname,
      nullable: row.nullable,
      hasDefault: row.has_default,
      defaultExpr: row.default_expr,
      generated: row.generated,
    });
  }
  for (const row of cons.rows) {
    const relation = relations.get(key(row.schema, row.table));
    if (!relation) continue;
    if (row.type === 'p') {
      relation.primaryKey = row.columns;
      relation.uniques.push(row.columns);
    } else if (row.type === 'u') relation.uniques.push(row.columns);
    else if (row.ref_schema !== null && row.ref_table !== null) {
      const target = relations.get(key(row.ref_schema, row.ref_table));
      if (!target) continue;
      const fk: ForeignKey = {
        name: row.name,
        schema: row.schema,
        table: row.table,
        columns: row.columns,
        refSchema: row.ref_schema,
        refTable: row.ref_table,
        refColumns: row.ref_columns,
        oneToOne: row.one_to_one,
      };
      relation.outgoing.push(fk);
      target.incoming.push(fk);
    }
  }
  if (viewSources.rows.length > 0) {
    const fks = await pool.query<ConstraintRow>(ALL_FOREIGN_KEYS_SQL);
    addViewRelationships(relations, viewSources.rows, fks.rows);
  }
  const composites = new Map<string, Relation>();
  for (const row of comps.rows) {
    const k = key(row.schema, row.name);
    let relation = composites.get(k);
    if (!relation) {
      relation = emptyRelation(row.schema, row.name, 'function-result');
      composites.set(k, relation);
    }
    addColumn(relation, plainColumn(row.column, row.type, row.typname));
  }
  const functions = new Map<string, DbFunction[]>();
  for (const row of fns.rows) {
    const owner =
      row.arg_rel_schema !== null && row.arg_rel_name !== null
        ? relations.get(key(row.arg_rel_schema, row.arg_rel_name))
        : undefined;
    if (owner && !row.returns_set && row.return_typtype !== 'c' && row.return_type !== 'void') {
      owner.computed.set(row.name, { schema: row.schema, name: row.name, type: row.return_type });
    }
    const returned =
      row.return_rel_schema !== null && row.return_rel_name !== null
        ? relations.get(key(row.return_rel_schema, row.return_rel_name))
        : undefined;
    if (owner && returned) {
      owner.computedRelations.set(row.name, {
        schema: row.schema,
        name: row.name,
        target: returned,
        toOne: !row.returns_set || Number(row.rows) === 1,
      });
    }
    const fn = toFunction(row, relations, composites);
    if (!fn) continue;
    const k = key(row.schema, row.name);
    const list = functions.get(k);
    if (list) list.push(fn);
    else functions.set(k, [fn]);
  }
  const roleSettings = new Map<string, RoleSetting[]>();
  for (const row of settings.rows) {
    const list = roleSettings.get(row.role) ?? [];
    list.push([row.name, row.value]);
    roleSettings.set(row.role, list);
  }
  return { relations, functions, roleSettings, loadedAt: Date.now() };
}

function toFunction(
  row: FunctionRow,
  relations: Map<string, Relation>,
  composites: Map<string, Relation>,
): DbFunction | null {
  const modes = row.arg_modes.length > 0 ? row.arg_modes : row.arg_types.map(() => 'i');
  const inArgs: { name: string; type: string }[] = [];
  const outColumns: Column[] = [];
  modes.forEach((mode, i) => {
    const name = row.arg_names[i] ?? '';
    const type = row.arg_types[i] ?? 'unknown';
    if (mode === 'i' || mode === 'b' || mode === 'v') inArgs.push({ name, type });
    if (mode === 'o' || mode === 'b' || mode === 't') outColumns.push(plainColumn(name, type, type));
  });
  const firstDefault = inArgs.length - row.n_defaults;
  const args = inArgs.map((a, i) => ({ ...a, hasDefault: i >= firstDefault }));
  // PostgREST can call a function with no unnamed parameter, or with one unnamed json, jsonb, text,
  // xml or bytea parameter (which receives the whole body); others stay out of its schema cache.
  const unnamed = args.filter((a) => a.name === '');
  if (unnamed.length > 1 || (unnamed[0] && !UNNAMED_PARAM_TYPES.has(unnamed[0].type))) return null;
  const singleUnnamed = args.length === 1 && unnamed.length === 1;
  let returnRelation: Relation | null = null;
  if (row.return_rel_schema !== null && row.return_rel_name !== null) {
    const k = key(row.return_rel_schema, row.return_rel_name);
    returnRelation = relations.get(k) ?? composites.get(k) ?? null;
  } else if (outColumns.length > 0 && row.return_type === 'record') {
    returnRelation = emptyRelation(row.schema, row.name, 'function-result');
    for (const c of outColumns) addColumn(returnRelation, c);
  }
  return {
    schema: row.schema,
    name: row.name,
    args,
    returnType: row.return_type,
    returnsSet: row.returns_set,
    returnsVoid: row.return_type === 'void',
    returnRelation,
    volatility: row.volatility as 'i' | 's' | 'v',
    singleUnnamed,
  };
}

/**
 * Holds the current snapshot, reloads it on `notify pgrst`, and lets callers that miss force one
 * fresh reload (shared by concurrent callers) so that DDL followed at once by a request works.
 */
export class SchemaCache {
  snapshot: SchemaSnapshot = { relations: new Map(), functions: new Map(), roleSettings: new Map(), loadedAt: 0 };
  /** The load running now, and when it started (its snapshot holds what was committed by then). */
  private current: { startedAt: number; promise: Promise<void> } | null = null;
  /** The one load queued after it: every reload asked for meanwhile joins it, so DDL in a loop
   * (a notify per statement) cannot pile up loads that requests then wait behind. */
  private next: Promise<void> | null = null;
  private listener: pg.PoolClient | null = null;
  private closed = false;
  private readonly onReload: Array<() => void> = [];

  constructor(
    private readonly pool: pg.Pool,
    readonly schemas: string[],
  ) {}

  subscribe(callback: () => void): void {
    this.onReload.push(callback);
  }

  async start(): Promise<void> {
    // A gateway started a moment after its Postgres (a second instance on a loaded machine) met a
    // connection that timed out, and exited before it ever answered.
    await retryWhileDatabaseUnavailable(() => this.reload());
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    try {
      const client = await this.pool.connect();
      this.listener = client;
      client.on('notification', () => void this.reload().catch(() => undefined));
      client.on('error', () => {
        client.release(true);
        this.listener = null;
        setTimeout(() => void this.listen(), 500).unref();
      });
      await client.query('listen pgrst');
      // Changes made while the listener was down would otherwise go unnoticed.
      void this.reload().catch(() => undefined);
    } catch {
      setTimeout(() => void this.listen(), 500).unref();
    }
  }

  /**
   * Reloads unless a reload that started at or after `since` is running or done. A request whose
   * reload fails gets PostgREST's 503 PGRST002, not a server error of the gateway's own.
   */
  async refresh(since: number): Promise<void> {
    try {
      if (this.current && this.current.startedAt >= since) return await this.current.promise;
      if (!this.current && !this.next && this.snapshot.loadedAt > since) return;
      return await this.reload();
    } catch (error) {
      // An unreachable database keeps its own answer (PGRST001, the gateway's).
      if (error instanceof HttpError || isDatabaseUnavailable(error)) throw error;
      throw pgrstError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.');
    }
  }

  /** A load that starts now, or after the running one: either way it sees what is committed now. */
  reload(): Promise<void> {
    if (this.next) return this.next;
    const running = this.current;
    if (!running) return this.startLoad();
    const next = running.promise
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.startLoad();
      });
    this.next = next;
    return next;
  }

  private startLoad(): Promise<void> {
    const startedAt = Date.now();
    const promise: Promise<void> = loadSchema(this.pool, this.schemas)
      .then((snapshot) => {
        this.snapshot = { ...snapshot, loadedAt: startedAt };
        for (const callback of this.onReload) callback();
      })
      .finally(() => {
        if (this.current?.promise === promise) this.current = null;
      });
    this.current = { startedAt, promise };
    return promise;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.listener;
    this.listener = null;
    if (client) {
      try {
        await client.query('unlisten pgrst');
      } catch {
        // the connection may already be gone
      }
      client.release(true);
    }
  }
}
