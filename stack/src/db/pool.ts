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
}

export function createPool(max = 24): pg.Pool {
  const pool = new pg.Pool({
    connectionString: dbUrl('authenticator', DB_PASSWORD),
    max,
    idleTimeoutMillis: 60_000,
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
  const pool = new pg.Pool({ connectionString: dbUrl('postgres'), max, application_name: 'stack-auth' });
  pool.on('error', () => undefined);
  return pool;
}

function searchPath(schema: string): string {
  const parts = [schema, ...config.api.extraSearchPath.filter((s) => s !== schema)];
  return parts.map((p) => `"${p.replaceAll('"', '""')}"`).join(', ');
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
  const client = await pool.connect();
  let broken = false;
  // Pipelined: these are written at once with the main statement; their errors surface below.
  const setup = [
    client.query(scope.readOnly ? 'begin isolation level read committed read only' : 'begin'),
    client.query(
      `select set_config('search_path', $1, true), set_config('role', $2, true),
              set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true),
              set_config('request.path', $5, true), set_config('request.headers', $6, true),
              set_config('request.cookies', '{}', true)`,
      [
        searchPath(scope.schema),
        scope.claims.role,
        JSON.stringify(scope.claims),
        scope.method,
        scope.path,
        JSON.stringify(scope.headers),
      ],
    ),
  ];
  for (const p of setup) p.catch(() => undefined);
  try {
    const result = await work(client);
    await Promise.all(setup);
    await client.query(options.rollback ? 'rollback' : 'commit');
    return result;
  } catch (error) {
    // A failed setting (an unknown role, say) aborts the transaction: report it, not the
    // "current transaction is aborted" that the main statement then gets.
    const setupError = await firstRejection(setup);
    try {
      await client.query('rollback');
    } catch {
      broken = true;
    }
    throw setupError ?? error;
  } finally {
    client.release(broken);
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
