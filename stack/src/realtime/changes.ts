/**
 * From decoded WAL to `postgres_changes` pushes, like walrus: match each change against the
 * subscribers' bindings and filters, check INSERT/UPDATE rows under each subscriber's role and
 * claims (RLS), cut the record to the columns that role may select, and send in commit order.
 * Unlike walrus, which re-reads the row by primary key, the role's SELECT policies are evaluated
 * on the row rebuilt from the WAL: re-reading loses changes whose row was deleted or updated
 * meanwhile, or whose commit is not yet visible to new snapshots when it reaches the slot.
 *
 * Changes are handled in batches: everything that arrived while the previous batch was being
 * checked goes through one `realtime.stack_visible_rows` call, grouped by distinct claims, so a
 * burst costs one database round trip instead of one per change and subscriber. The call carries
 * each changed row once, and the checks of one role's policies on one table run in a function
 * compiled once per session, so many subscribers with distinct claims cost one execution of a
 * cached plan each, on rows populated once.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type pg from 'pg';
import { matchesFilters, type FilterTerm } from './filters.ts';
import type { Wal2JsonChange, Wal2JsonColumn } from './replication.ts';
import { commitTimestamp, toJsonValue, type TypeInfo } from './values.ts';

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';

export interface PgBinding {
  id: number;
  event: '*' | ChangeEvent;
  schema: string;
  /** null or '*' means every table of the schema. */
  table: string | null;
  filters: FilterTerm[];
}

/** One joined channel with postgres_changes bindings. */
export interface PgSubscriber {
  bindings: PgBinding[];
  role(): string;
  /** The verified JWT payload, as `request.jwt.claims`. */
  claimsJson(): string;
  /** Its `sub` claim, or '' (as `request.jwt.claim.sub`, which auth.uid() reads first). */
  subject(): string;
  deliver(ids: number[], dataJson: string): void;
}

interface ColumnMeta {
  name: string;
  typname: string;
  /** SQL type without modifiers, for casts. */
  sqlType: string;
  type: TypeInfo;
}

interface TableMeta {
  oid: number;
  published: boolean;
  rls: boolean;
  columns: ColumnMeta[];
  byName: Map<string, ColumnMeta>;
  /** Column name → type name, as filters read them. */
  types: Map<string, string>;
  pk: string[];
}

/** The SELECT policies that apply to one role on one table, as SQL boolean expressions. */
interface RolePolicies {
  permissive: string[];
  restrictive: string[];
}

interface RoleMeta {
  exists: boolean;
  bypassRls: boolean;
}

/** A role's row check on a table: one check statement (and session function) per key. */
interface RowCheck {
  /** Role, table and condition. */
  key: string;
  relation: string;
  alias: string;
  condition: string;
}

/**
 * What one role may see of one table: nothing (no such role), its columns, and its rows either all
 * (no RLS for it), none (RLS without a permissive policy: default deny) or those a check passes.
 */
type RoleAccess = { exists: false } | { exists: true; visibleColumns: Set<string>; rows: 'all' | 'none' | RowCheck };

const CACHE_MS = 1000;
const ACTION: Record<Wal2JsonChange['action'], ChangeEvent> = { I: 'INSERT', U: 'UPDATE', D: 'DELETE' };
const MAX_BATCH = 2000;
const DEBUG = Boolean(process.env.STACK_REALTIME_DEBUG);
/** Connections a batch's checks are spread over (the pool must allow as many). */
export const CHECK_CONNECTIONS = Math.max(2, Math.min(4, availableParallelism()));
/** Below this many checks per connection another round trip costs more than it saves. */
const MIN_CHECKS_PER_CONNECTION = 32;

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

class Cache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();
  constructor(private readonly ttl: number) {}
  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttl) return hit.value;
    const value = load();
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }
  clear(): void {
    this.entries.clear();
  }
}

interface Candidate {
  subscriber: PgSubscriber;
  ids: number[];
  /** Index into the batch's RLS checks, or -1 when no row check is needed. */
  check: number;
  /** Index into its table's batch rows. */
  row: number;
  visibleColumns: Set<string>;
}

interface PendingChange {
  change: Wal2JsonChange;
  type: ChangeEvent;
  meta: TableMeta;
  candidates: Candidate[];
  values: Map<string, unknown>;
  oldValues: Map<string, unknown>;
}

/** The checks of one role's SELECT policies on one table (see `realtime.stack_visible_rows`). */
interface CheckStatement {
  /** Name of the session function that runs them: changes with everything it is compiled from. */
  name: string;
  /** The table, schema-qualified and quoted: its row type is what the rows are populated as. */
  relation: string;
  /** The table's quoted name, as the policies refer to the row. */
  alias: string;
  /** The policies, as one SQL condition on the row. */
  condition: string;
  /** Index into the batch's tables. */
  table: number;
  /** Indexes into the batch's checks. */
  checks: number[];
}

/** What STACK_REALTIME_DEBUG prints per batch. */
interface BatchStats {
  checks: number;
  rows: number;
  /** Time in `realtime.stack_visible_rows`, round trip included. */
  checkMs: number;
  deliveries: number;
}

interface RlsCheck {
  /** `schema.table`, for the log. */
  table: string;
  role: string;
  claims: string;
  subject: string;
  statement: number;
  /** Indexes into its table's batch rows, ascending: changes are visited in order, each once. */
  rows: number[];
}

export class ChangeDispatcher {
  private readonly subscribers = new Set<PgSubscriber>();
  private queue: Wal2JsonChange[] = [];
  private running = false;
  private readonly tables = new Cache<TableMeta | null>(CACHE_MS);
  private readonly roles = new Cache<RoleMeta>(CACHE_MS * 5);
  private readonly columnGrants = new Cache<Set<string>>(CACHE_MS);
  private readonly policies = new Cache<RolePolicies>(CACHE_MS);
  private closed = false;

  constructor(private readonly db: pg.Pool) {}

  add(subscriber: PgSubscriber): void {
    this.subscribers.add(subscriber);
  }

  remove(subscriber: PgSubscriber): void {
    this.subscribers.delete(subscriber);
  }

  /** A new subscription may follow `alter publication`, new grants or policies: re-read them. */
  invalidate(): void {
    this.tables.clear();
    this.columnGrants.clear();
    this.policies.clear();
    this.roles.clear();
  }

  push(change: Wal2JsonChange): void {
    if (this.subscribers.size === 0) return;
    this.queue.push(change);
  }

  /** Called at each commit: start a batch if none is running. */
  flush(): void {
    if (this.running || this.queue.length === 0 || this.closed) return;
    this.running = true;
    setImmediate(() => void this.drain());
  }

  close(): void {
    this.closed = true;
    this.queue = [];
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0 && !this.closed) {
        const batch = this.queue.length > MAX_BATCH ? this.queue.splice(0, MAX_BATCH) : this.queue.splice(0);
        try {
          const t0 = performance.now();
          // How long its first change waited: replication lag plus the previous batch.
          const waitedMs = DEBUG ? Date.now() - Date.parse(commitTimestamp(batch[0]?.timestamp)) : 0;
          const stats = await this.process(batch);
          if (DEBUG)
            process.stderr.write(
              `[realtime] batch ${batch.length} in ${(performance.now() - t0).toFixed(1)} ms: ` +
                `${stats.checks} checks of ${stats.rows} rows in ${stats.checkMs.toFixed(1)} ms, ` +
                `${stats.deliveries} deliveries; first commit ${waitedMs} ms before\n`,
            );
        } catch (error) {
          process.stderr.write(
            `[realtime] dropping ${batch.length} changes: ${(error as Error).stack ?? String(error)}\n`,
          );
        }
      }
    } finally {
      this.running = false;
    }
  }

  private table(schema: string, table: string): Promise<TableMeta | null> {
    return this.tables.get(`${schema}\u0000${table}`, async () => {
      const { rows } = await this.db.query<{
        oid: number;
        rls: boolean;
        published: boolean;
        columns: { name: string; typname: string; sqltype: string; elem: string | null }[] | null;
        pk: string[] | null;
      }>(
        `select c.oid::int as oid, c.relrowsecurity as rls,
                exists (select 1 from pg_publication_tables p
                        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname) as published,
                (select json_agg(json_build_object('name', a.attname, 'typname', t.typname,
                                                   'sqltype', format_type(a.atttypid, null),
                                                   'elem', case when t.typcategory = 'A' then e.typname end)
                                 order by a.attnum)
                   from pg_attribute a join pg_type t on t.oid = a.atttypid left join pg_type e on e.oid = t.typelem
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
                (select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                   from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
                  where i.indrelid = c.oid and i.indisprimary) as pk
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
        [schema, table],
      );
      const row = rows[0];
      if (!row) return null;
      const columns = (row.columns ?? []).map((c) => ({
        name: c.name,
        typname: c.typname,
        sqlType: c.sqltype,
        type: { typname: c.typname, elem: c.elem },
      }));
      return {
        oid: row.oid,
        rls: row.rls,
        published: row.published,
        columns,
        byName: new Map(columns.map((c) => [c.name, c])),
        types: new Map(columns.map((c) => [c.name, c.typname])),
        pk: row.pk ?? [],
      };
    });
  }

  private role(name: string): Promise<RoleMeta> {
    return this.roles.get(name, async () => {
      const { rows } = await this.db.query<{ bypass: boolean }>(
        'select rolsuper or rolbypassrls as bypass from pg_roles where rolname = $1',
        [name],
      );
      const row = rows[0];
      return { exists: row !== undefined, bypassRls: row?.bypass ?? false };
    });
  }

  private grants(role: string, oid: number): Promise<Set<string>> {
    return this.columnGrants.get(`${role}\u0000${oid}`, async () => {
      const { rows } = await this.db.query<{ name: string }>(
        `select a.attname as name from pg_attribute a
          where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
            and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')`,
        [oid, role],
      );
      return new Set(rows.map((r) => r.name));
    });
  }

  private rolePolicies(role: string, oid: number): Promise<RolePolicies> {
    return this.policies.get(`${role}\u0000${oid}`, async () => {
      const { rows } = await this.db.query<{ permissive: boolean; qual: string | null }>(
        `select p.polpermissive as permissive, pg_get_expr(p.polqual, p.polrelid) as qual
           from pg_policy p
          where p.polrelid = $1 and p.polcmd in ('r', '*')
            and (0::oid = any (p.polroles) or exists (select 1 from unnest(p.polroles) as r(oid) where pg_has_role($2, r.oid, 'MEMBER')))`,
        [oid, role],
      );
      return {
        permissive: rows.filter((r) => r.permissive).map((r) => r.qual ?? 'true'),
        restrictive: rows.filter((r) => !r.permissive).map((r) => r.qual ?? 'true'),
      };
    });
  }

  /**
   * Runs the batch's checks, split over up to CHECK_CONNECTIONS connections when there are many:
   * each check is independent, so a batch of many distinct claims then takes a fraction of the
   * time on a multi-core machine. Fills `visible` with check:row keys and `failed` with the
   * checks whose result is unknown.
   */
  private async runChecks(
    tables: Record<string, unknown>[][],
    statements: CheckStatement[],
    checks: RlsCheck[],
    visible: Set<string>,
    failed: Set<number>,
  ): Promise<void> {
    // Grouped by statement, so each run calls each statement's function once.
    const order = statements.flatMap((s) => s.checks);
    const parts = Math.min(CHECK_CONNECTIONS, Math.ceil(order.length / MIN_CHECKS_PER_CONNECTION));
    const size = Math.ceil(order.length / parts);
    const runs: number[][] = [];
    for (let start = 0; start < order.length; start += size) runs.push(order.slice(start, start + size));
    const results = await Promise.allSettled(
      runs.map((run) =>
        this.db.query<{ check_index: number; row_index: number | null; error: string | null }>(
          'select check_index, row_index, error from realtime.stack_visible_rows($1::jsonb, $2::jsonb)',
          checkArguments(run, checks, statements, tables),
        ),
      ),
    );
    for (const [i, result] of results.entries()) {
      const run = runs[i] as number[];
      if (result.status === 'rejected') {
        for (const index of run) failed.add(index);
        process.stderr.write(
          `[realtime] ${run.length} RLS checks failed, their subscribers miss this batch: ${(result.reason as Error).stack ?? String(result.reason)}\n`,
        );
        continue;
      }
      for (const r of result.value.rows) {
        const index = run[r.check_index] as number;
        if (r.error !== null) {
          failed.add(index);
          const check = checks[index] as RlsCheck;
          process.stderr.write(
            `[realtime] RLS check as ${check.role} on ${check.table} failed, its subscribers miss ${check.rows.length} changes: ${r.error}\n`,
          );
        } else {
          visible.add(`${index}:${r.row_index}`);
        }
      }
    }
  }

  /**
   * What a role may see of a table, resolved once per batch: a batch visits each role and table
   * for many subscribers and changes, and awaiting the caches for each of them cost more than the
   * rest of building the batch.
   */
  private async access(roleName: string, meta: TableMeta, change: Wal2JsonChange): Promise<RoleAccess> {
    const role = await this.role(roleName);
    if (!role.exists) return { exists: false };
    const visibleColumns = await this.grants(roleName, meta.oid);
    if (!meta.rls || role.bypassRls) return { exists: true, visibleColumns, rows: 'all' };
    const policies = await this.rolePolicies(roleName, meta.oid);
    if (policies.permissive.length === 0) return { exists: true, visibleColumns, rows: 'none' };
    const relation = `${quoteIdent(change.schema)}.${quoteIdent(change.table)}`;
    const condition = policyCondition(policies);
    return {
      exists: true,
      visibleColumns,
      rows: {
        key: [roleName, relation, condition].join('\u0000'),
        relation,
        alias: quoteIdent(change.table),
        condition,
      },
    };
  }

  private async process(batch: Wal2JsonChange[]): Promise<BatchStats> {
    const subscribers = [...this.subscribers];
    const pending: PendingChange[] = [];
    const checks: RlsCheck[] = [];
    const statements: CheckStatement[] = [];
    const statementIndex = new Map<string, number>();
    // Per statement, its check of each distinct claims (the session's own string, whose hash V8
    // keeps: no key is built per subscriber and change).
    const checksOf = new Map<number, Map<string, number>>();
    // Per table, the rows as committed that some check needs, each once, shared by every check.
    const tables: Record<string, unknown>[][] = [];
    const tableIndex = new Map<number, number>();
    // Per batch: who listens to a table's event, and what each role may see of each table.
    const listeners = new Map<string, PgSubscriber[]>();
    const accessOf = new Map<string, RoleAccess>();

    for (const change of batch) {
      const type = ACTION[change.action];
      const listenKey = `${change.schema}\u0000${change.table}\u0000${type}`;
      let interested = listeners.get(listenKey);
      if (!interested) {
        interested = subscribers.filter((s) =>
          s.bindings.some(
            (b) =>
              b.schema === change.schema &&
              (b.table === null || b.table === '*' || b.table === change.table) &&
              (b.event === '*' || b.event === type),
          ),
        );
        listeners.set(listenKey, interested);
      }
      if (interested.length === 0) continue;
      const meta = await this.table(change.schema, change.table);
      if (!meta || !meta.published) continue;

      const values = columnMap(change.columns);
      const oldValues = columnMap(change.identity);
      const filterValues = type === 'DELETE' ? oldValues : values;
      const item: PendingChange = { change, type, meta, candidates: [], values, oldValues };
      let table = -1;
      let row = -1;

      for (const subscriber of interested) {
        const ids: number[] = [];
        for (const b of subscriber.bindings) {
          if (b.schema !== change.schema) continue;
          if (b.table !== null && b.table !== '*' && b.table !== change.table) continue;
          if (b.event !== '*' && b.event !== type) continue;
          if (!matchesFilters(b.filters, filterValues, meta.types)) continue;
          if (!ids.includes(b.id)) ids.push(b.id);
        }
        if (ids.length === 0) continue;
        const roleName = subscriber.role();
        const accessKey = `${roleName}\u0000${meta.oid}`;
        let access = accessOf.get(accessKey);
        if (!access) {
          access = await this.access(roleName, meta, change);
          accessOf.set(accessKey, access);
        }
        if (!access.exists) continue;
        const { visibleColumns } = access;
        const candidate: Candidate = { subscriber, ids, check: -1, row: -1, visibleColumns };
        if (type !== 'DELETE') {
          if (meta.pk.length === 0 || !meta.pk.every((c) => visibleColumns.has(c))) continue;
          if (access.rows === 'none') continue;
          if (access.rows !== 'all') {
            const rowCheck = access.rows;
            if (table < 0) {
              table = tableIndex.get(meta.oid) ?? tables.length;
              if (table === tables.length) tables.push([]);
              tableIndex.set(meta.oid, table);
            }
            let statement = statementIndex.get(rowCheck.key);
            if (statement === undefined) {
              statement = statements.length;
              statementIndex.set(rowCheck.key, statement);
              statements.push({
                name: statementName(rowCheck.key),
                relation: rowCheck.relation,
                alias: rowCheck.alias,
                condition: rowCheck.condition,
                table,
                checks: [],
              });
              checksOf.set(statement, new Map());
            }
            const claims = subscriber.claimsJson();
            const byClaims = checksOf.get(statement) as Map<string, number>;
            let index = byClaims.get(claims);
            if (index === undefined) {
              index = checks.length;
              byClaims.set(claims, index);
              checks.push({
                table: `${change.schema}.${change.table}`,
                role: roleName,
                claims,
                subject: subscriber.subject(),
                statement,
                rows: [],
              });
              (statements[statement] as CheckStatement).checks.push(index);
            }
            if (row < 0) {
              const rows = tables[table] as Record<string, unknown>[];
              row = rows.length;
              rows.push(walRow(meta, values));
            }
            const check = checks[index] as RlsCheck;
            if (check.rows[check.rows.length - 1] !== row) check.rows.push(row);
            candidate.check = index;
            candidate.row = row;
          }
        }
        item.candidates.push(candidate);
      }
      if (item.candidates.length > 0) pending.push(item);
    }
    const stats: BatchStats = {
      checks: checks.length,
      rows: tables.reduce((sum, rows) => sum + rows.length, 0),
      checkMs: 0,
      deliveries: 0,
    };
    if (pending.length === 0) return stats;

    const visible = new Set<string>();
    const failed = new Set<number>();
    if (checks.length > 0) {
      const t0 = performance.now();
      await this.runChecks(tables, statements, checks, visible, failed);
      stats.checkMs = performance.now() - t0;
    }

    for (const item of pending) {
      const rendered = new Map<string, string>();
      for (const candidate of item.candidates) {
        if (
          candidate.check >= 0 &&
          (failed.has(candidate.check) || !visible.has(`${candidate.check}:${candidate.row}`))
        )
          continue;
        const key = columnsKey(candidate.visibleColumns);
        let dataJson = rendered.get(key);
        if (dataJson === undefined) {
          dataJson = renderChange(item, candidate.visibleColumns);
          rendered.set(key, dataJson);
        }
        candidate.subscriber.deliver(candidate.ids, dataJson);
        stats.deliveries++;
      }
    }
    return stats;
  }
}

/**
 * The arguments of `realtime.stack_visible_rows` for a run of checks grouped by statement: the
 * rows of the tables they check, and each statement with its checks in run order.
 */
function checkArguments(
  run: number[],
  checks: RlsCheck[],
  statements: CheckStatement[],
  tables: Record<string, unknown>[][],
): [string, string] {
  const runTables: Record<string, unknown>[][] = [];
  const tableOf = new Map<number, number>();
  const runStatements: (Omit<CheckStatement, 'checks'> & {
    checks: { role: string; claims: string; sub: string; rows: string }[];
  })[] = [];
  let previous = -1;
  for (const index of run) {
    const check = checks[index] as RlsCheck;
    if (check.statement !== previous) {
      previous = check.statement;
      const { name, relation, alias, condition, table } = statements[check.statement] as CheckStatement;
      let local = tableOf.get(table);
      if (local === undefined) {
        local = runTables.length;
        tableOf.set(table, local);
        runTables.push(tables[table] as Record<string, unknown>[]);
      }
      runStatements.push({ name, relation, alias, condition, table: local, checks: [] });
    }
    runStatements[runStatements.length - 1]?.checks.push({
      role: check.role,
      claims: check.claims,
      sub: check.subject,
      rows: `{${check.rows.join(',')}}`,
    });
  }
  return [JSON.stringify(runTables), JSON.stringify(runStatements)];
}

/** A set of visible columns as a key; the sets come from the grants cache, so each is keyed once. */
const columnKeys = new WeakMap<Set<string>, string>();
function columnsKey(columns: Set<string>): string {
  let key = columnKeys.get(columns);
  if (key === undefined) {
    key = [...columns].sort().join('\u0000');
    columnKeys.set(columns, key);
  }
  return key;
}

function columnMap(columns: Wal2JsonColumn[] | undefined): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (const c of columns ?? []) map.set(c.name, c.value ?? null);
  return map;
}

/**
 * The row as the WAL has it, for `jsonb_populate_record`: json and jsonb values arrive as text
 * from wal2json and must be JSON again to land in their columns unchanged.
 */
function walRow(meta: TableMeta, values: Map<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [name, value] of values) {
    const typname = meta.byName.get(name)?.typname;
    if ((typname === 'json' || typname === 'jsonb') && typeof value === 'string') {
      try {
        row[name] = JSON.parse(value) as unknown;
        continue;
      } catch {
        // Not JSON after all: let Postgres judge the text.
      }
    }
    row[name] = value;
  }
  return row;
}

/**
 * The role's SELECT policies as one condition on the row, the way Postgres combines them: any
 * permissive one and every restrictive one.
 */
function policyCondition(policies: RolePolicies): string {
  const permissive = policies.permissive.map((q) => `(${q})`).join(' or ');
  const restrictive = policies.restrictive.map((q) => ` and (${q})`).join('');
  return `(${permissive})${restrictive}`;
}

/**
 * A check function's name that changes with its role, table and policies, so a stale one is never
 * reused (`realtime.stack_visible_rows` adds the table's current shape).
 */
function statementName(key: string): string {
  return `stack_rt_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
}

function renderChange(item: PendingChange, visibleColumns: Set<string>): string {
  const { change, type, meta } = item;
  const columns = meta.columns
    .filter((c) => visibleColumns.has(c.name))
    .map((c) => ({ name: c.name, type: c.typname }));
  const record = (values: Map<string, unknown>, keep: (name: string) => boolean): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [name, value] of values) {
      if (!visibleColumns.has(name) || !keep(name)) continue;
      const column = meta.byName.get(name);
      out[name] = column ? toJsonValue(value, column.type) : value;
    }
    return out;
  };
  const data: Record<string, unknown> = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: commitTimestamp(change.timestamp),
    type,
    columns,
  };
  if (type !== 'DELETE') data.record = record(item.values, () => true);
  if (type === 'UPDATE') data.old_record = record(item.oldValues, () => true);
  if (type === 'DELETE') {
    const pk = new Set(meta.pk);
    data.old_record = record(item.oldValues, (name) => !meta.rls || pk.has(name));
  }
  data.errors = null;
  return JSON.stringify(data);
}
