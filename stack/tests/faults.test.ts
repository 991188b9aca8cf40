/**
 * Faults under a running stack, on a private instance (own state folder, own ports) so stopping its
 * Postgres or killing its gateway never disturbs the stack the other tests use:
 * - Postgres stopped: REST, RPC, auth and functions answer a clear 503 in their API's shape (never a
 *   hang, never a 500), the gateway stays up; Postgres back: everything works again without a
 *   gateway restart, realtime subscribers rejoin and get later changes, nothing committed is lost.
 * - A function whose process dies mid-request: a clear 5xx, then the next request works.
 * - The gateway killed and started again: a connected realtime client comes back by itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, projectRoot, SERVICE_ROLE_KEY } from '../src/config.ts';
import { clientOptions } from '../../tests/support/clients.ts';
import { freePort } from '../../tests/support/free-port.ts';

const FUNCTIONS = path.join(projectRoot, 'stack/tests/fixtures/fault-functions');
/**
 * No request may take longer than this while Postgres is down: a hang fails the test. Well above the
 * pool's 5 s connect timeout, which a request caught mid-shutdown can legitimately wait out, and
 * above a worker's cold start on a loaded machine.
 */
const ANSWER_WITHIN_MS = 15_000;
const DEMO = { email: 'demo@carecover.app', password: 'Demo!2345' };

let stateDir = '';
let apiPort = 0;
let dbPort = 0;
let standinsPort = 0;
let mailPort = 0;
let smtpPort = 0;
const clients: SupabaseClient[] = [];

function stackEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    STACK_STATE_DIR: stateDir,
    STACK_API_PORT: String(apiPort),
    STACK_DB_PORT: String(dbPort),
    STACK_STANDINS_PORT: String(standinsPort),
    STACK_MAIL_PORT: String(mailPort),
    STACK_SMTP_PORT: String(smtpPort),
    STACK_FUNCTIONS_DIR: FUNCTIONS,
  };
}

function stack(...args: string[]): { status: number; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'stack/src/cli.ts', ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: stackEnv(),
  });
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

/** Stops or starts this instance's Postgres with the cluster module itself (pg_ctl -m fast). */
function cluster(action: 'stopPostgres' | 'startPostgres'): void {
  const script = `import { ${action} } from './stack/src/postgres/cluster.ts'; ${action}();`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: stackEnv(),
  });
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
}

const api = (p: string): string => `http://127.0.0.1:${apiPort}${p}`;

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${dbPort}/postgres` });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function gatewayPid(): number {
  return Number(readFileSync(path.join(stateDir, 'pids', 'gateway.pid'), 'utf8'));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

const serviceHeaders = { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` };

/** A request that must be answered: aborts (and so fails the test) instead of hanging. */
async function request(p: string, init: RequestInit = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(api(p), { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
  return { status: res.status, text: await res.text() };
}

function insertNote(id: number): Promise<{ status: number; text: string }> {
  return request('/rest/v1/fault_notes', {
    method: 'POST',
    headers: { ...serviceHeaders, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
    body: JSON.stringify({ id, body: `note ${id}` }),
  });
}

function signIn(extraHeaders: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return request('/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json', ...extraHeaders },
    body: JSON.stringify(DEMO),
  });
}

function callFunction(name: string): Promise<{ status: number; text: string }> {
  return request(`/functions/v1/${name}`, { method: 'POST', headers: { Authorization: `Bearer ${ANON_KEY}` } });
}

interface Watcher {
  channel: RealtimeChannel;
  statuses: string[];
  ids: number[];
  /** Resolves on the next SUBSCRIBED after this call. */
  subscribedAgain(): Promise<void>;
}

/**
 * A supabase-js client subscribed to inserts on fault_notes, recording its statuses and rows;
 * resolves at the first `firstStatus` (SUBSCRIBED, or CHANNEL_ERROR for a join that must fail).
 */
async function watchNotes(label: string, firstStatus = 'SUBSCRIBED'): Promise<Watcher> {
  const client = createClient(api(''), SERVICE_ROLE_KEY, clientOptions);
  clients.push(client);
  const statuses: string[] = [];
  const ids: number[] = [];
  const waiters: (() => void)[] = [];
  const channel = client
    .channel(`faults-${label}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'fault_notes' }, (change) => {
      ids.push((change.new as { id: number }).id);
    });
  await new Promise<void>((resolve) => {
    channel.subscribe((status) => {
      statuses.push(status);
      if (status === firstStatus) resolve();
      if (status === 'SUBSCRIBED') waiters.splice(0).forEach((w) => w());
    });
  });
  return {
    channel,
    statuses,
    ids,
    subscribedAgain: () => new Promise<void>((resolve) => waiters.push(resolve)),
  };
}

/** Polls until `check` holds, within `ms`; never a fixed sleep. */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let nextId = 1;

beforeAll(async () => {
  stateDir = mkdtempSync(path.join(tmpdir(), 'stack-faults-'));
  apiPort = await freePort();
  dbPort = await freePort();
  standinsPort = await freePort();
  mailPort = await freePort();
  smtpPort = await freePort();
  const up = stack('up');
  expect(up.status, up.output).toBe(0);
  await sql(`create table public.fault_notes (id int primary key, body text not null)`);
  await sql(`alter publication supabase_realtime add table public.fault_notes`);
  await sql(
    `create function public.fault_count() returns int language sql stable as 'select count(*)::int from public.fault_notes'`,
  );
  await sql(`notify pgrst, 'reload schema'`);
  await until(
    async () => (await request('/rest/v1/rpc/fault_count', { headers: serviceHeaders })).status === 200,
    'schema',
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  if (stateDir) {
    stack('down');
    rmSync(stateDir, { recursive: true, force: true });
  }
}, 60_000);

describe('Postgres stopped and started under the running stack', () => {
  it('answers clear 503s while it is down and recovers by itself, losing nothing committed', async () => {
    const pid = gatewayPid();
    const watcher = await watchNotes('pg-restart');
    // Signed in before the outage: /auth/v1/user then needs the database too.
    const session = JSON.parse((await signIn()).text) as { access_token: string };
    expect(session.access_token).toBeTruthy();

    // A writer keeps inserting while Postgres goes down: every insert it got a 201 for must survive.
    const acknowledged: number[] = [];
    const unexpected: string[] = [];
    let writing = true;
    let late: Watcher | null = null;
    const writer = (async () => {
      while (writing) {
        const id = nextId++;
        try {
          const res = await insertNote(id);
          if (res.status === 201) acknowledged.push(id);
          else if (res.status !== 503) unexpected.push(`${res.status} ${res.text}`);
        } catch (error) {
          unexpected.push(String(error));
        }
      }
    })();
    try {
      await until(() => acknowledged.length >= 5, 'writes before the stop');
      cluster('stopPostgres');

      // REST read, write and RPC: PostgREST's shape.
      for (const res of [
        await request('/rest/v1/fault_notes?select=id', { headers: serviceHeaders }),
        await insertNote(nextId++),
        await request('/rest/v1/rpc/fault_count', { method: 'POST', headers: serviceHeaders }),
      ]) {
        expect(res.status, res.text).toBe(503);
        const body = JSON.parse(res.text) as Record<string, unknown>;
        expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
        expect(body.code).toBe('PGRST001');
        expect(body.message).toBe('Database client error. Retrying the connection.');
        expect(res.text).not.toMatch(/\n\s+at /);
      }

      // Auth: GoTrue's shape, versioned and legacy.
      const versioned = await signIn({ 'X-Supabase-Api-Version': '2024-01-01' });
      expect(versioned.status, versioned.text).toBe(503);
      expect(JSON.parse(versioned.text)).toEqual({
        code: 'unexpected_failure',
        message: 'Database connection error. Retrying the connection.',
      });
      const legacy = await request('/auth/v1/user', {
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.access_token}` },
      });
      expect(legacy.status, legacy.text).toBe(503);
      expect(JSON.parse(legacy.text)).toMatchObject({ error_code: 'unexpected_failure', code: 'unexpected_failure' });

      // Functions: one that needs no database still works; one that reads through REST passes the 503 on.
      expect((await callFunction('fault-crash/pid')).status).toBe(200);
      const viaFunction = await callFunction('fault-rest');
      expect(viaFunction.status, viaFunction.text).toBe(503);
      expect(JSON.parse(viaFunction.text)).toMatchObject({ code: 'PGRST001' });

      // Realtime: the subscribed channel is told, and a new join is refused instead of faking success.
      await until(() => watcher.statuses.includes('CHANNEL_ERROR'), 'the channel error');
      late = await watchNotes('joined-during-outage', 'CHANNEL_ERROR');
    } finally {
      writing = false;
      await writer;
    }
    expect(unexpected).toEqual([]);
    expect(isAlive(pid)).toBe(true);

    const rejoined = watcher.subscribedAgain();
    cluster('startPostgres');
    await until(
      async () => (await request('/rest/v1/fault_notes?select=id', { headers: serviceHeaders })).status === 200,
      'REST',
    );
    expect(gatewayPid()).toBe(pid);
    expect(isAlive(pid)).toBe(true);

    const rows = JSON.parse((await request('/rest/v1/fault_notes?select=id', { headers: serviceHeaders })).text) as {
      id: number;
    }[];
    const stored = new Set(rows.map((r) => r.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    expect((await signIn()).status).toBe(200);
    const user = await request('/auth/v1/user', {
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.access_token}` },
    });
    expect(user.status, user.text).toBe(200);
    expect((await request('/rest/v1/rpc/fault_count', { headers: serviceHeaders })).status).toBe(200);
    expect((await callFunction('fault-rest')).status).toBe(200);

    // Both channels (re)joined by themselves once changes flow again, and get a change made after that.
    await rejoined;
    await until(() => late?.statuses.includes('SUBSCRIBED') ?? false, 'the late join');
    const id = nextId++;
    expect((await insertNote(id)).status).toBe(201);
    await until(() => watcher.ids.includes(id) && (late?.ids.includes(id) ?? false), 'the change after the restart');
  }, 90_000);
});

describe('a function crashing mid-request', () => {
  it.each(['exit', 'async-throw'])('answers %s with the runtime’s 500 and serves the next request', async (how) => {
    // Several rounds: the next request right after a crash must never reach the dying process.
    for (let round = 0; round < 3; round++) {
      const before = JSON.parse((await callFunction('fault-crash/pid')).text) as { pid: number };
      const res = await callFunction(`fault-crash/${how}`);
      expect(res.status).toBe(500);
      expect(JSON.parse(res.text)).toEqual({
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
      const after = await callFunction('fault-crash/pid');
      expect(after.status, after.text).toBe(200);
      expect((JSON.parse(after.text) as { pid: number }).pid).not.toBe(before.pid);
    }
    // Other functions never noticed.
    expect((await callFunction('fault-rest')).status).toBe(200);
  });

  it('cuts a response whose process dies mid-stream instead of leaving the caller waiting', async () => {
    const res = await fetch(api('/functions/v1/fault-crash/stream-exit'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${ANON_KEY}` },
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    expect(res.status).toBe(200);
    const error = await res.text().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).not.toBe('TimeoutError');
    const next = await callFunction('fault-crash/pid');
    expect(next.status, next.text).toBe(200);
  });
});

describe('the gateway killed and started again', () => {
  it('brings a connected realtime client back, and it receives later changes', async () => {
    const watcher = await watchNotes('gateway-restart');
    const pid = gatewayPid();
    const rejoined = watcher.subscribedAgain();
    process.kill(pid, 'SIGKILL');
    await until(() => !isAlive(pid), 'the gateway to die');
    const up = stack('up');
    expect(up.status, up.output).toBe(0);
    expect(gatewayPid()).not.toBe(pid);
    await rejoined;
    const id = nextId++;
    expect((await insertNote(id)).status).toBe(201);
    await until(() => watcher.ids.includes(id), 'the change after the restart');
    expect(watcher.statuses).toContain('SUBSCRIBED');
  }, 60_000);
});
