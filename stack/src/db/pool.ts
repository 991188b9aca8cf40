/**
 * The gateway's connections: it logs in as `authenticator` (NOINHERIT) and becomes the caller's
 * role inside each request's transaction, exactly as PostgREST does, so Postgres' own RLS decides.
 */
import pg from 'pg';
import { config, DB_PASSWORD, dbUrl } from '../config.ts';

export type Claims = Record<string, unknown> & { role: string };

export interface RequestScope {
  claims: Claims;
  /** GET, HEAD and GET-RPC run read-only, like PostgREST. */
  readOnly: boolean;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Schema the request addresses (already checked against the exposed schemas). */
  schema: string;
  /** The impersonated role's own settings (statement_timeout, say), for this transaction only. */
  roleSettings?: readonly (readonly [string, string])[];
}

/**
 * A connection attempt that gets no answer (a server that is stopping, a full backlog) fails after
 * this long instead of holding the request: the caller then gets a 503, never a hang.
 */
const CONNECT_TIMEOUT_MS = 5_000;

export function createPool(max = 24): pg.Pool {
  const pool = new pg.Pool({
    connectionString: dbUrl('authenticator', DB_PASSWORD),
    max,
    idleTimeoutMillis: 60_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'stack-gateway',
    // BEGIN, the settings and the main statement go out together: one round trip instead of three.
    pipeline: true,
  } as pg.PoolConfig);
  // An idle client that dies (server restart) must not crash the gateway; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}

/** A pool for the gateway's own bookkeeping (auth tables), as the superuser GoTrue is in effect. */
export function createAdminPool(max = 8): pg.Pool {
  const pool = new pg.Pool({
    connectionString: dbUrl('postgres'),
    max,
    application_name: 'stack-auth',
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  pool.on('error', () => undefined);
  return pool;
}

/** PostgREST's search_path: the request's schema, then db-extra-search-path as given (PreQuery.hs). */
function searchPath(schema: string): string {
  const parts = [schema, ...config.api.extraSearchPath];
  return parts.map((p) => `"${p.replaceAll('"', '""')}"`).join(', ');
}

/**
 * The database could not be reached, or dropped the connection (stopped, restarting, out of
 * connections). The gateway answers it with a 503 in the shape of the API that was called; the
 * pool replaces dead connections by itself, so the next request after Postgres is back succeeds.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket errors of a connection to Postgres that is refused, reset or unanswered. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** What node-pg says when a connection ends under it or cannot be had in time. */
const CLIENT_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/**
 * Whether an error means "no database right now" rather than "this request is wrong": a failed
 * connection to Postgres' port, node-pg's connection messages, and the SQLSTATEs of connection
 * exceptions (08…), too many connections (53300) and shutdown / start-up (57P01–57P03).
 * Socket errors on other ports (a caller hanging up, say) are not the database's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const { code, port } = error as { code?: unknown; port?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return port === config.dbPort;
    if (code.startsWith('08') || code === '53300') return true;
    if (code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return CLIENT_MESSAGES.test(error.message);
}

/** `error` itself, or a DatabaseUnavailableError when it means the database is out of reach. */
export function asDatabaseUnavailable(error: unknown): unknown {
  return isDatabaseUnavailable(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;
}

/**
 * Runs `attempt` until it succeeds or fails for another reason than an unreachable database, with a
 * growing pause between tries, for up to `withinMs`: at start, on a loaded machine, Postgres can
 * still refuse or drop the gateway's first connections a moment after it reported ready (PostgREST
 * likewise retries its first connection rather than exit).
 */
export async function retryWhileDatabaseUnavailable<T>(attempt: () => Promise<T>, withinMs = 20_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (let pause = 100; ; pause = Math.min(pause * 2, 2_000)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + pause > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

export class Rollback extends Error {
  constructor(readonly value: unknown) {
    super('rollback requested');
  }
}

/**
 * Runs `work` in one transaction as the caller: role, claims, method, path and headers are set
 * with `set_config(..., true)` from bound parameters, never spliced into SQL.
 * With `rollback` the transaction is rolled back after `work` succeeds (Prefer: tx=rollback).
 */
export async function inRequestTransaction<T>(
  pool: pg.Pool,
  scope: RequestScope,
  work: (client: pg.PoolClient) => Promise<T>,
  options: { rollback?: boolean } = {},
): Promise<T> {
  const client = await checkOut(pool);
  const setup = openRequest(client, scope);
  let broken = false;
  try {
    const result = await work(client);
    await Promise.all(setup);
    await client.query(options.rollback ? 'rollback' : 'commit');
    return result;
  } catch (error) {
    broken = !(await rollBack(client));
    throw await requestError(setup, error);
  } finally {
    client.release(broken);
  }
}

/**
 * One statement as the caller, its COMMIT sent with it: for a request that nothing can refuse once
 * its statement succeeds (no singular or max-affected check, no planned count, no tx=rollback),
 * this saves the round trip of a separate COMMIT. If the statement fails, Postgres skips to the
 * COMMIT's own sync and, the transaction being aborted, rolls it back: nothing is committed.
 */
export async function runRequestStatement<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  scope: RequestScope,
  statement: pg.QueryConfig,
): Promise<pg.QueryResult<R>> {
  const client = await checkOut(pool);
  const setup = openRequest(client, scope);
  const result = client.query<R>(statement);
  const commit = client.query('commit');
  result.catch(() => undefined);
  commit.catch(() => undefined);
  let broken = false;
  try {
    await Promise.all(setup);
    const rows = await result;
    await commit;
    return rows;
  } catch (error) {
    // The pipelined COMMIT ended the transaction unless it failed itself (a lost connection).
    broken = (await settled(commit)) ? false : !(await rollBack(client));
    throw await requestError(setup, error);
  } finally {
    client.release(broken);
  }
}

async function checkOut(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    throw asDatabaseUnavailable(error);
  }
}

/**
 * Begins the request's transaction and sets its role and settings, pipelined with whatever the
 * caller submits in the same turn of the event loop: one write, since on loopback every write
 * wakes the backend, which then answers each part apart. Their errors surface in requestError.
 */
function openRequest(client: pg.PoolClient, scope: RequestScope): Promise<unknown>[] {
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  stream.cork();
  setImmediate(() => stream.uncork());
  const roleSettings = scope.roleSettings ?? [];
  const setup = [
    client.query(scope.readOnly ? 'begin isolation level read committed read only' : 'begin'),
    client.query({
      // Named: parsed and planned once per connection, not per request.
      name: 'stack_request_settings',
      text: `select set_config('search_path', $1, true), set_config('role', $2, true),
              set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true),
              set_config('request.path', $5, true), set_config('request.headers', $6, true),
              set_config('request.cookies', '{}', true),
              (select count(set_config(s.name, s.value, true)) from unnest($7::text[], $8::text[]) as s(name, value))`,
      values: [
        searchPath(scope.schema),
        scope.claims.role,
        JSON.stringify(scope.claims),
        scope.method,
        scope.path,
        JSON.stringify(scope.headers),
        roleSettings.map(([name]) => name),
        roleSettings.map(([, value]) => value),
      ],
    }),
  ];
  for (const p of setup) p.catch(() => undefined);
  return setup;
}

/** Whether the connection is usable again after a failed request. */
async function rollBack(client: pg.PoolClient): Promise<boolean> {
  try {
    await client.query('rollback');
    return true;
  } catch {
    return false;
  }
}

/**
 * A failed setting (an unknown role, say) aborts the transaction: report it, not the "current
 * transaction is aborted" that the main statement then gets. A connection lost mid-request
 * (Postgres stopping) is an outage, not the request's fault.
 */
async function requestError(setup: Promise<unknown>[], error: unknown): Promise<unknown> {
  return asDatabaseUnavailable((await firstRejection(setup)) ?? error);
}

async function settled(promise: Promise<unknown>): Promise<boolean> {
  try {
    await promise;
    return true;
  } catch {
    return false;
  }
}

async function firstRejection(promises: Promise<unknown>[]): Promise<unknown> {
  for (const p of promises) {
    try {
      await p;
    } catch (error) {
      return error;
    }
  }
  return undefined;
}
