/**
 * The API gateway on :54321: what Kong does in `supabase start` (apikey check, CORS, routing by
 * prefix) in front of the services that GoTrue and PostgREST provide there.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../config.ts';
import { isDatabaseUnavailable } from '../db/pool.ts';
import { bearerToken, clientIp, corsHeaders, HttpError, preflightHeaders, send, sendJson } from './http.ts';

export interface ServiceContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The path after the service prefix, e.g. `/token` for `/auth/v1/token`. */
  subpath: string;
  apikey: string | null;
  /** The caller's bearer token; the apikey when no Authorization header was sent (Kong's behaviour). */
  bearer: string | null;
  ip: string;
}

export type Service = (ctx: ServiceContext) => Promise<void>;

export interface Route {
  prefix: string;
  service: Service;
  /** Paths (after the prefix) that need no apikey, as in Supabase's Kong config. */
  openPaths?: RegExp;
  requiresApikey: boolean;
  /** The 503 this API answers while the database is out of reach (PostgREST's PGRST001, say). */
  unavailable?: (error: Error) => HttpError;
}

/** What a route without its own answer says while the database is out of reach. */
const DATABASE_UNAVAILABLE = 'Database connection error. Retrying the connection.';

export interface Deps {
  pool: pg.Pool;
  adminPool: pg.Pool;
}

const KNOWN_KEYS = new Set([ANON_KEY, SERVICE_ROLE_KEY]);

function apikeyOf(req: IncomingMessage, url: URL): string | null {
  const header = req.headers.apikey;
  if (typeof header === 'string' && header) return header;
  return url.searchParams.get('apikey');
}

export interface UpgradeRoute {
  path: string;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

export function createGateway(routes: Route[], upgrades: UpgradeRoute[] = []): http.Server {
  const server = http.createServer((req, res) => {
    void handle(routes, req, res);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const target = upgrades.find((u) => pathname === u.path);
    if (!target) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    target.handleUpgrade(req, socket, head);
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

async function handle(routes: Route[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  let route: Route | undefined;
  try {
    if (req.method === 'OPTIONS') {
      send(res, 204, null, preflightHeaders(req));
      return;
    }
    for (const [k, v] of Object.entries(corsHeaders(req))) res.setHeader(k, v);
    route = routes.find((r) => url.pathname === r.prefix || url.pathname.startsWith(`${r.prefix}/`));
    if (!route) {
      sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    const subpath = url.pathname.slice(route.prefix.length) || '/';
    const apikey = apikeyOf(req, url);
    const isOpen = route.openPaths?.test(subpath) ?? false;
    if (route.requiresApikey && !isOpen) {
      if (!apikey) throw new HttpError(401, { message: 'No API key found in request' });
      if (!KNOWN_KEYS.has(apikey)) throw new HttpError(401, { message: 'Invalid API key' });
    }
    const bearer = bearerToken(req) ?? apikey;
    await route.service({ req, res, url, subpath, apikey, bearer, ip: clientIp(req) });
  } catch (error) {
    if (error instanceof HttpError) {
      // A server-side failure is worth a line in the log even when it has a contract's shape
      // (a statement timeout, a deadlock): the client sees only the status.
      if (error.status >= 500) {
        process.stderr.write(
          `[gateway] ${req.method} ${url.pathname}: ${error.status} ${JSON.stringify(error.body).slice(0, 500)}\n`,
        );
      }
      sendJson(res, error.status, error.body, error.headers);
      return;
    }
    if (error instanceof Error && isDatabaseUnavailable(error)) {
      // Expected while Postgres restarts: one line, no stack; the pool reconnects on its own.
      process.stderr.write(`[gateway] ${req.method} ${url.pathname}: database unavailable: ${error.message}\n`);
      const answer = route?.unavailable?.(error) ?? new HttpError(503, { message: DATABASE_UNAVAILABLE });
      sendJson(res, answer.status, answer.body, answer.headers);
      return;
    }
    process.stderr.write(`[gateway] ${req.method} ${url.pathname}: ${(error as Error).stack ?? String(error)}\n`);
    sendJson(res, 500, { message: 'An unexpected error occurred in the local gateway' });
  }
}
