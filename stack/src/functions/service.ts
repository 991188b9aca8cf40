/**
 * `/functions/v1/<name>`: what the Supabase CLI's edge runtime does under `supabase start`.
 * Each function runs in real Deno (see worker.ts), started on its first request, kept warm, and
 * restarted when its files, `_shared` or the secrets file change. The gateway checks the JWT per
 * `verify_jwt`, streams the request to the function's process and its response back.
 */
import { mkdirSync, createWriteStream, type WriteStream } from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { functionsDir as defaultFunctionsDir, paths } from '../config.ts';
import { HttpError, send } from '../gateway/http.ts';
import { verifyJwt } from '../gateway/jwt.ts';
import type { Deps, Service, ServiceContext } from '../gateway/server.ts';
import { functionEnv } from './deno.ts';
import { functionErrors } from './errors.ts';
import {
  envFilePath,
  forceColdStart,
  fingerprint,
  listFunctions,
  loadFunctionSettings,
  readEnvFile,
  resolveFunction,
  type FunctionSettings,
  type FunctionSpec,
} from './registry.ts';
import { FunctionWorker } from './worker.ts';

export { forceColdStart, listFunctions };

export interface FunctionsOptions {
  functionsDir?: string;
  /** `[functions.<name>]` settings; defaults to config.toml's (plus `STACK_FUNCTIONS_CONFIG`). */
  settings?: Record<string, FunctionSettings>;
  /** Wall-clock limit of one request; hosted Supabase allows 150 s on the free plan. */
  wallClockMs?: number;
  /** How long a process may take to load its code (the first run downloads npm packages). */
  bootTimeoutMs?: number;
  /** Stop a function's process after this long without requests; 0 keeps it forever. */
  idleMs?: number;
  logFile?: string;
}

const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && process.env[name] !== '' && process.env[name] !== undefined ? value : fallback;
};

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
]);

/** How long a broken request waits for its process' exit to be noticed before answering. */
const EXIT_GRACE_MS = 1_000;

export class FunctionsRuntime {
  readonly dir: string;
  private readonly settings: () => Record<string, FunctionSettings>;
  private readonly wallClockMs: number;
  private readonly bootTimeoutMs: number;
  private readonly workers = new Map<string, FunctionWorker>();
  private readonly all = new Set<FunctionWorker>();
  private readonly logStream: WriteStream;
  private readonly idleTimer: NodeJS.Timeout | null;
  private closed = false;

  constructor(options: FunctionsOptions = {}) {
    this.dir = options.functionsDir ?? defaultFunctionsDir;
    const settings = options.settings;
    this.settings = settings ? () => settings : loadFunctionSettings;
    this.wallClockMs = options.wallClockMs ?? envNumber('STACK_FUNCTIONS_WALL_CLOCK_MS', 150_000);
    this.bootTimeoutMs = options.bootTimeoutMs ?? envNumber('STACK_FUNCTIONS_BOOT_TIMEOUT_MS', 120_000);
    const idleMs = options.idleMs ?? envNumber('STACK_FUNCTIONS_IDLE_MS', 30 * 60_000);
    const logFile = options.logFile ?? process.env.STACK_FUNCTIONS_LOG_FILE ?? path.join(paths.logs, 'functions.log');
    mkdirSync(path.dirname(logFile), { recursive: true });
    this.logStream = createWriteStream(logFile, { flags: 'a' });
    this.logStream.on('error', () => undefined);
    this.idleTimer =
      idleMs > 0
        ? setInterval(
            () => {
              const cutoff = Date.now() - idleMs;
              for (const worker of this.workers.values()) {
                if (worker.inFlight === 0 && worker.lastUsed < cutoff) {
                  this.log(worker.name, `stopping after ${Math.round(idleMs / 1000)} s idle`);
                  this.workers.delete(worker.name);
                  worker.retire();
                }
              }
            },
            Math.min(idleMs, 60_000),
          )
        : null;
    this.idleTimer?.unref();
  }

  /** Names of the functions served now. */
  list(): string[] {
    return listFunctions(this.dir);
  }

  log(name: string, line: string): void {
    this.logStream.write(`${new Date().toISOString()} [${name}] ${line}\n`);
  }

  readonly service: Service = async (ctx) => {
    try {
      await this.handle(ctx);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const body = typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
      send(ctx.res, error.status, body, error.headers);
    }
  };

  private async handle(ctx: ServiceContext): Promise<void> {
    const name = ctx.subpath.split('/')[1] ?? '';
    const spec = name ? resolveFunction(name, this.dir, this.settings()) : null;
    if (!spec) throw functionErrors.notFound();
    const authorization = authorizationOf(ctx.req);
    if (ctx.req.method !== 'OPTIONS' && spec.verifyJwt) await checkJwt(authorization);
    const worker = await this.workerFor(spec);
    worker.inFlight += 1;
    worker.lastUsed = Date.now();
    try {
      await this.proxy(ctx, worker, authorization);
    } finally {
      worker.release();
    }
  }

  /**
   * Boots every function's process (the first boot downloads its npm packages), so the first
   * request a user makes is not the slow one. Answers each function's boot result.
   */
  async warmAll(): Promise<{ name: string; ms: number; error?: string }[]> {
    const names = listFunctions(this.dir);
    return Promise.all(
      names.map(async (name) => {
        const spec = resolveFunction(name, this.dir, this.settings());
        const started = Date.now();
        try {
          if (spec) await this.workerFor(spec);
          return { name, ms: Date.now() - started };
        } catch (error) {
          return { name, ms: Date.now() - started, error: (error as Error).message };
        }
      }),
    );
  }

  /** The warm process of a function, or a new one when there is none or its files changed. */
  async workerFor(spec: FunctionSpec): Promise<FunctionWorker> {
    if (this.closed) throw functionErrors.bootError();
    const stamp = fingerprint(spec, this.dir);
    let worker = this.workers.get(spec.name);
    if (worker && (worker.exited || worker.fingerprint !== stamp)) {
      if (!worker.exited) this.log(spec.name, 'files changed: restarting');
      this.workers.delete(spec.name);
      worker.retire();
      worker = undefined;
    }
    if (!worker) {
      try {
        worker = this.spawn(spec, stamp);
      } catch (error) {
        this.log(spec.name, `cannot start Deno: ${(error as Error).message}`);
        throw functionErrors.bootError();
      }
      this.workers.set(spec.name, worker);
    }
    try {
      await worker.ready;
    } catch (error) {
      this.forget(worker);
      this.log(spec.name, `failed to boot: ${(error as Error).message}`);
      throw functionErrors.bootError();
    }
    return worker;
  }

  private spawn(spec: FunctionSpec, stamp: string): FunctionWorker {
    const log = (line: string) => this.log(spec.name, line);
    const env = functionEnv(readEnvFile(envFilePath(this.dir)), log);
    const worker = new FunctionWorker({
      spec,
      env,
      fingerprint: stamp,
      bootTimeoutMs: this.bootTimeoutMs,
      log,
      onExit: (w) => {
        this.all.delete(w);
        this.forget(w);
      },
    });
    this.all.add(worker);
    void worker.ready.then(
      () => log(`booted in ${Math.round(worker.bootMs ?? 0)} ms (pid ${worker.pid}, port ${worker.port})`),
      () => undefined,
    );
    return worker;
  }

  private proxy(ctx: ServiceContext, worker: FunctionWorker, authorization: string | undefined): Promise<void> {
    const { req, res } = ctx;
    const rawUrl = req.url ?? '/';
    const target = rawUrl.startsWith('/functions/v1/')
      ? rawUrl.slice('/functions/v1'.length)
      : ctx.subpath + ctx.url.search;

    const headers: OutgoingHttpHeaders = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(key)) headers[key] = value;
    }
    if (authorization) headers.authorization = authorization;
    headers.host = req.headers.host ?? '127.0.0.1';
    headers['x-forwarded-for'] = ctx.ip;
    headers['x-forwarded-proto'] = 'http';
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;

    return new Promise<void>((resolve) => {
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve();
      };
      const fail = (error: HttpError) => {
        if (!res.headersSent) {
          send(res, error.status, JSON.stringify(error.body), error.headers);
        } else {
          res.destroy();
        }
        finish();
      };

      const upstream = http.request({
        host: '127.0.0.1',
        port: worker.port,
        method: req.method,
        path: target,
        headers,
        agent: worker.agent,
      });

      const timer = setTimeout(() => {
        this.log(worker.name, `wall clock limit of ${this.wallClockMs} ms reached: terminating`);
        upstream.destroy();
        this.forget(worker);
        worker.retiring = true;
        worker.kill();
        fail(functionErrors.workerLimit());
      }, this.wallClockMs);

      upstream.on('response', (upstreamRes) => {
        const out = responseHeaders(upstreamRes.headers);
        if (Object.keys(out).some((k) => k.startsWith('access-control-'))) {
          // The function sets its own CORS headers: the gateway's defaults must not mix with them.
          for (const name of res.getHeaderNames()) if (name.startsWith('access-control-')) res.removeHeader(name);
        }
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, out);
        res.flushHeaders();
        upstreamRes.pipe(res);
        // Cut off mid-body (the process died): end the caller's response too, once the runtime knows.
        upstreamRes.on('error', () => void worker.exitedWithin(EXIT_GRACE_MS).then(() => res.destroy()));
        upstreamRes.on('end', finish);
      });

      upstream.on('error', (error) => {
        if (settled) return;
        this.log(worker.name, `request failed: ${error.message}`);
        // Answer once the process is known to be gone (or still alive), so the caller's next request
        // gets a fresh process rather than the dying one.
        void worker.exitedWithin(EXIT_GRACE_MS).then(() => fail(functionErrors.workerError()));
      });

      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
        finish();
      });

      req.pipe(upstream);
    });
  }

  /** Route no more requests to this process (a newer one may already have taken its place). */
  private forget(worker: FunctionWorker): void {
    if (this.workers.get(worker.name) === worker) this.workers.delete(worker.name);
  }

  /** Stop one function's process (the next request cold-starts it), or all of them. */
  stop(name?: string): void {
    for (const worker of [...this.all]) {
      if (name && worker.name !== name) continue;
      this.forget(worker);
      worker.retire();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearInterval(this.idleTimer);
    const exits = [...this.all].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.exited) return resolve();
          const check = setInterval(() => {
            if (worker.exited) {
              clearInterval(check);
              resolve();
            }
          }, 20);
          worker.retiring = true;
          worker.kill();
        }),
    );
    await Promise.all(exits);
    this.workers.clear();
    await new Promise<void>((resolve) => this.logStream.end(resolve));
  }
}

function responseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(key)) out[key] = value;
  }
  return out;
}

/**
 * Kong under `supabase start` adds `Authorization: Bearer <apikey>` to function calls that carry
 * only an apikey (request-transformer `add`, which never replaces a header that is present).
 */
function authorizationOf(req: IncomingMessage): string | undefined {
  const { authorization, apikey } = req.headers;
  if (authorization !== undefined) return authorization;
  return typeof apikey === 'string' && apikey ? `Bearer ${apikey}` : undefined;
}

/** The CLI's check, in its order and with its messages (templates/main.ts of supabase/cli). */
async function checkJwt(authorization: string | undefined): Promise<void> {
  if (!authorization) throw functionErrors.missingAuthorization();
  const [scheme, token] = authorization.split(' ');
  if (scheme !== 'Bearer') throw functionErrors.notBearer();
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(token ?? '').alg;
  } catch (error) {
    throw functionErrors.malformedJwt(error);
  }
  // Only the legacy HS256 secret exists locally; asymmetric tokens would need a JWKS this stack lacks.
  if (alg !== 'HS256') throw functionErrors.invalidJwt();
  try {
    await verifyJwt(token ?? '');
  } catch {
    throw functionErrors.invalidJwt();
  }
}

export async function createFunctionsService(
  _deps: Deps,
  options: FunctionsOptions = {},
): Promise<{ service: Service; close(): Promise<void>; runtime: FunctionsRuntime }> {
  const runtime = new FunctionsRuntime(options);
  return { service: runtime.service, close: () => runtime.close(), runtime };
}
