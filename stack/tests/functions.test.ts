/**
 * Edge functions as `supabase start` serves them: real Deno behind the gateway, the CLI's JWT
 * check and error bodies, the env vars hosted Supabase injects, and edits picked up without a
 * restart. A gateway process of its own serves a temporary copy of the fixture functions, so the
 * test may edit them and never disturbs the stack the other tests use.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, JWT_SECRET, projectRoot, SERVICE_ROLE_KEY } from '../src/config.ts';
import { forceColdStart, listFunctions } from '../src/functions/service.ts';
import { clientOptions } from '../../tests/support/clients.ts';
import { freePort } from '../../tests/support/free-port.ts';

const FIXTURES = path.join(projectRoot, 'stack/tests/fixtures/functions');

/**
 * The real gateway (server.ts: CORS, preflight, routing) with only the functions route, as main.ts
 * mounts it: the test then needs neither Postgres nor the other services to boot.
 */
const GATEWAY = `
import { createGateway } from './stack/src/gateway/server.ts';
import { createFunctionsService } from './stack/src/functions/service.ts';
import { config } from './stack/src/config.ts';
const functions = await createFunctionsService({});
const server = createGateway([{ prefix: '/functions/v1', service: functions.service, requiresApikey: false }]);
server.listen(config.apiPort, config.host);
process.on('SIGTERM', async () => {
  server.close();
  server.closeAllConnections();
  await functions.close();
  process.exit(0);
});
`;
const WALL_CLOCK_MS = 2000;

let workDir = '';
let functionsDir = '';
let logFile = '';
let apiUrl = '';
let gateway: ChildProcess | null = null;
let gatewayOutput = '';

const anon = (): SupabaseClient => createClient(apiUrl, ANON_KEY, clientOptions);
const service = (): SupabaseClient => createClient(apiUrl, SERVICE_ROLE_KEY, clientOptions);

function fnUrl(pathAndQuery: string): string {
  return `${apiUrl}/functions/v1/${pathAndQuery}`;
}

async function call(pathAndQuery: string, init: RequestInit = {}, token: string | null = ANON_KEY): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  return fetch(fnUrl(pathAndQuery), { ...init, headers });
}

async function mint(claims: Record<string, unknown>, secret = JWT_SECRET, expiresIn = '1h'): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

const userClaims = {
  sub: '7f0c4b1e-1d9b-4f39-9d3e-0a4f1a2b3c4d',
  role: 'authenticated',
  aud: 'authenticated',
  email: 'fn-test@test.carecover.local',
};

async function errorResponse(error: unknown): Promise<{ status: number; body: unknown }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const res = (error as FunctionsHttpError).context as Response;
  return { status: res.status, body: await res.json() };
}

function writeFunction(name: string, source: string): void {
  mkdirSync(path.join(functionsDir, name), { recursive: true });
  writeFileSync(path.join(functionsDir, name, 'index.ts'), source);
}

async function pidOfCrash(): Promise<number> {
  const res = await call('crash/pid');
  expect(res.status).toBe(200);
  return ((await res.json()) as { pid: number }).pid;
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'stack-functions-'));
  functionsDir = path.join(workDir, 'functions');
  logFile = path.join(workDir, 'functions.log');
  cpSync(FIXTURES, functionsDir, { recursive: true });
  // Kept out of the repository: a syntax error would trip the project's type-check and linters.
  writeFunction('syntax-error', "Deno.serve((req) => new Response('never' ;\n");

  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  gateway = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', GATEWAY], {
    cwd: projectRoot,
    env: {
      ...process.env,
      STACK_API_PORT: String(port),
      STACK_FUNCTIONS_DIR: functionsDir,
      STACK_FUNCTIONS_CONFIG: path.join(functionsDir, 'config.toml'),
      STACK_FUNCTIONS_LOG_FILE: logFile,
      STACK_FUNCTIONS_WALL_CLOCK_MS: String(WALL_CLOCK_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  gateway.stdout?.on('data', (chunk: Buffer) => (gatewayOutput += chunk.toString()));
  gateway.stderr?.on('data', (chunk: Buffer) => (gatewayOutput += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (gateway.exitCode !== null) throw new Error(`gateway exited early:\n${gatewayOutput}`);
    try {
      const res = await fetch(`${apiUrl}/functions/v1/`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 404) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`gateway did not start:\n${gatewayOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

afterAll(async () => {
  if (gateway && gateway.exitCode === null) {
    const exited = new Promise((resolve) => gateway?.once('exit', resolve));
    gateway.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (gateway.exitCode === null) gateway.kill('SIGKILL');
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('functions: discovery', () => {
  it('lists every function folder with an entrypoint, except _shared and dot folders', () => {
    expect(listFunctions(functionsDir)).toEqual([
      'boot-fail',
      'call-other',
      'crash',
      'echo',
      'public-echo',
      'slow',
      'syntax-error',
    ]);
  });

  it('answers an unknown function, a folder without index.ts and _shared with the CLI’s 404', async () => {
    for (const name of ['nope', 'not-a-function', '_shared', '']) {
      const res = await call(name, {}, null);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toBe('Function not found');
    }
  });
});

describe('functions: invocation through supabase-js', () => {
  it('passes method, path, headers and a JSON body through with the anon key', async () => {
    const { data, error } = await anon().functions.invoke('echo', { body: { hello: 'world' } });
    expect(error).toBeNull();
    expect(data.method).toBe('POST');
    expect(data.path).toBe('/echo');
    expect(JSON.parse(data.body)).toEqual({ hello: 'world' });
    expect(data.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
    expect(data.headers.apikey).toBe(ANON_KEY);
    expect(data.headers['x-client-info']).toMatch(/^supabase-js/);
    expect(data.headers['content-type']).toBe('application/json');
  });

  it('accepts the service role key and a user JWT signed with the project secret', async () => {
    const asService = await service().functions.invoke('echo', { body: 'plain text' });
    expect(asService.error).toBeNull();
    expect(asService.data.body).toBe('plain text');
    expect(asService.data.headers.authorization).toBe(`Bearer ${SERVICE_ROLE_KEY}`);

    const userJwt = await mint(userClaims);
    const asUser = await anon().functions.invoke('echo', { headers: { Authorization: `Bearer ${userJwt}` } });
    expect(asUser.error).toBeNull();
    expect(asUser.data.headers.authorization).toBe(`Bearer ${userJwt}`);
  });

  it('passes GET, sub-paths and the query string through', async () => {
    const res = await call('echo/sub/path?x=1&y=two');
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data).toMatchObject({ method: 'GET', path: '/echo/sub/path', query: { x: '1', y: 'two' }, body: '' });
  });

  it('refuses a forged and an expired JWT with 401 Invalid JWT', async () => {
    const forged = await mint(userClaims, 'not-the-project-secret-but-long-enough-to-sign');
    const expired = await mint(userClaims, JWT_SECRET, '-1m');
    for (const token of [forged, expired]) {
      const { data, error } = await anon().functions.invoke('echo', { headers: { Authorization: `Bearer ${token}` } });
      expect(data).toBeNull();
      expect(await errorResponse(error)).toEqual({ status: 401, body: { msg: 'Invalid JWT' } });
    }
  });

  it('answers a missing, non-Bearer or undecodable Authorization header as the CLI does', async () => {
    const missing = await call('echo', {}, null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ msg: 'Error: Missing authorization header' });

    const basic = await call('echo', { headers: { Authorization: 'Basic abc' } }, null);
    expect(basic.status).toBe(401);
    expect(await basic.json()).toEqual({ msg: "Error: Auth header is not 'Bearer {token}'" });

    const garbage = await call('echo', {}, 'not-a-jwt');
    expect(garbage.status).toBe(401);
    expect(await garbage.json()).toEqual({ msg: 'TypeError: Invalid Token or Protected Header formatting' });
  });

  it('uses the apikey as the bearer token when no Authorization header is sent, as Kong does', async () => {
    const res = await call('echo', { headers: { apikey: ANON_KEY } }, null);
    expect(res.status).toBe(200);
    const data = (await res.json()) as { headers: Record<string, string> };
    expect(data.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
  });

  it('serves a verify_jwt = false function without any Authorization header', async () => {
    const res = await call('public-echo/anything', { method: 'PUT', body: 'x' }, null);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ public: true, path: '/public-echo/anything', authorization: null });

    const forged = await mint(userClaims, 'not-the-project-secret-but-long-enough-to-sign');
    const viaClient = await anon().functions.invoke('public-echo', { headers: { Authorization: `Bearer ${forged}` } });
    expect(viaClient.error).toBeNull();
    expect(viaClient.data.public).toBe(true);
  });

  it('lets a function call another one with supabase-js from npm and SUPABASE_URL', { timeout: 120_000 }, async () => {
    const res = await call('call-other', {}, null);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { error: unknown; data: unknown };
    expect(body.error).toBeNull();
    expect(body.data).toMatchObject({ public: true, path: '/public-echo' });
  });
});

describe('functions: environment', () => {
  it('injects the variables hosted Supabase sets and the secrets of .env.example', async () => {
    const { data } = await anon().functions.invoke('echo');
    expect(data.env).toMatchObject({
      SUPABASE_URL: apiUrl,
      hasAnonKey: true,
      hasServiceRoleKey: true,
      SUPABASE_DB_URL: expect.stringMatching(/^postgresql:\/\/postgres:postgres@127\.0\.0\.1:\d+\/postgres$/),
      FIXTURE_SECRET: 'from-env-example',
      hasStackVars: false,
    });
  });

  it('prefers .env over .env.example and restarts the functions when it changes', async () => {
    writeFileSync(path.join(functionsDir, '.env'), 'FIXTURE_SECRET="from .env"\n');
    try {
      const { data } = await anon().functions.invoke('echo');
      expect(data.env.FIXTURE_SECRET).toBe('from .env');
      expect(data.env.SUPABASE_URL).toBe(apiUrl);
    } finally {
      rmSync(path.join(functionsDir, '.env'));
    }
    const { data } = await anon().functions.invoke('echo');
    expect(data.env.FIXTURE_SECRET).toBe('from-env-example');
  });
});

describe('functions: CORS', () => {
  it('answers the browser preflight for a function', async () => {
    const res = await fetch(fnUrl('echo'), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('keeps the function’s own CORS headers, without the gateway’s mixed in', async () => {
    const res = await call('echo', { headers: { Origin: 'http://127.0.0.1:5173' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('x-echo')).toBe('yes');
  });

  it('adds the gateway’s CORS headers to a function that sends none and to the gateway’s own errors', async () => {
    const ok = await call('public-echo', { headers: { Origin: 'http://127.0.0.1:5173' } }, null);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const denied = await call('echo', { headers: { Origin: 'http://127.0.0.1:5173' } }, null);
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
  });
});

describe('functions: failures', () => {
  it('answers a throwing handler with 500 WORKER_ERROR and keeps the process', async () => {
    const pid = await pidOfCrash();
    const { error } = await anon().functions.invoke('crash/throw');
    expect(await errorResponse(error)).toEqual({
      status: 500,
      body: { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
    });
    const badReturn = await call('crash/bad-return');
    expect(badReturn.status).toBe(500);
    expect(await pidOfCrash()).toBe(pid);
  });

  it('answers a process that exits mid-request with 500 WORKER_ERROR and starts a new one next time', async () => {
    const pid = await pidOfCrash();
    const res = await call('crash/exit');
    expect(res.status).toBe(500);
    expect(((await res.json()) as { code: string }).code).toBe('WORKER_ERROR');
    const echo = await anon().functions.invoke('echo');
    expect(echo.error).toBeNull();
    const next = await pidOfCrash();
    expect(next).not.toBe(pid);
  });

  it('answers a function that throws at import or does not parse with 503 BOOT_ERROR', async () => {
    for (const name of ['boot-fail', 'syntax-error']) {
      const res = await call(name);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 'BOOT_ERROR',
        message: 'Worker failed to boot (please check logs)',
      });
    }
    const echo = await call('echo');
    expect(echo.status).toBe(200);
  });

  it('stops a request at the wall-clock limit with 546 WORKER_LIMIT, then serves again', async () => {
    const started = Date.now();
    const res = await call(`slow?ms=${WALL_CLOCK_MS * 5}`);
    expect(res.status).toBe(546);
    expect(await res.json()).toEqual({
      code: 'WORKER_LIMIT',
      message: 'Worker failed to respond due to a resource limit (please check logs)',
    });
    expect(Date.now() - started).toBeLessThan(WALL_CLOCK_MS * 3);
    const again = await call('slow?ms=10');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ slept: 10 });
  });

  it('writes each function’s output to the functions log, prefixed with its name', () => {
    const log = readFileSync(logFile, 'utf8');
    expect(log).toMatch(/\[crash\] Error: fixture: thrown while handling a request/);
    expect(log).toMatch(/\[boot-fail\] Error: fixture: failing at import time/);
    expect(log).toMatch(/\[echo\] booted in \d+ ms/);
  });
});

describe('functions: runtime behaviour', () => {
  it('streams a response as the function produces it', async () => {
    const started = Date.now();
    const res = await call('slow/stream');
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const first = await reader.read();
    const firstAt = Date.now() - started;
    expect(new TextDecoder().decode(first.value)).toBe('data: 0\n\n');
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toBe('data: 1\n\ndata: 2\n\n');
    expect(Date.now() - started - firstAt).toBeGreaterThanOrEqual(250);
  });

  it('boots a cold function once for concurrent requests', async () => {
    forceColdStart('crash', functionsDir);
    const pids = await Promise.all(Array.from({ length: 10 }, () => pidOfCrash()));
    expect(new Set(pids).size).toBe(1);
  });

  it('picks up a new and then a changed function, and changes in _shared, without a restart', async () => {
    writeFunction('hot', "Deno.serve(() => new Response('version one'));\n");
    const first = await call('hot');
    expect(await first.text()).toBe('version one');

    writeFunction('hot', "Deno.serve(() => new Response('version two, longer'));\n");
    const second = await call('hot');
    expect(await second.text()).toBe('version two, longer');

    const sharedFile = path.join(functionsDir, '_shared/cors.ts');
    writeFileSync(sharedFile, readFileSync(sharedFile, 'utf8').replace("'*'", "'https://changed.example'"));
    const echo = await call('echo');
    expect(echo.headers.get('access-control-allow-origin')).toBe('https://changed.example');

    rmSync(path.join(functionsDir, 'hot'), { recursive: true });
    expect((await call('hot')).status).toBe(404);
  });

  it('picks up a fixed function after a boot failure', async () => {
    writeFunction('syntax-error', "Deno.serve(() => new Response('fixed'));\n");
    const res = await call('syntax-error');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('fixed');
  });

  // Warm latency is measured by `npm run bench` (bench/functions.ts), not asserted here.
  it('answers many warm invocations in a row from the same process', async () => {
    await call('public-echo', {}, null);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await call('public-echo', {}, null);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});
