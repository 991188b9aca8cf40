/**
 * The stack's own lifecycle, on a private state folder and private ports so it never disturbs
 * the stack the other tests use: start twice is a no-op, a gateway crash loses no committed data,
 * reset gives a clean database, and stop leaves no process behind.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, projectRoot, SERVICE_ROLE_KEY } from '../src/config.ts';
import { freePort } from '../../tests/support/free-port.ts';

let stateDir = '';
let apiPort = 0;
let dbPort = 0;
let standinsPort = 0;
let mailPort = 0;
let smtpPort = 0;

function stack(...args: string[]): { status: number; output: string; ms: number } {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'stack/src/cli.ts', ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      STACK_STATE_DIR: stateDir,
      STACK_API_PORT: String(apiPort),
      STACK_DB_PORT: String(dbPort),
      STACK_STANDINS_PORT: String(standinsPort),
      STACK_MAIL_PORT: String(mailPort),
      STACK_SMTP_PORT: String(smtpPort),
    },
  });
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}`, ms: Date.now() - started };
}

const dbUrl = (): string => `postgresql://postgres:postgres@127.0.0.1:${dbPort}/postgres`;

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function pidOf(name: string): number {
  return Number(readFileSync(path.join(stateDir, 'pids', `${name}.pid`), 'utf8'));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

async function restSelect(table: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${apiPort}/rest/v1/${table}?select=*`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
  });
}

describe('stack lifecycle', () => {
  beforeAll(async () => {
    stateDir = mkdtempSync(path.join(tmpdir(), 'stack-lifecycle-'));
    apiPort = await freePort();
    dbPort = await freePort();
    standinsPort = await freePort();
    mailPort = await freePort();
    smtpPort = await freePort();
    const first = stack('up');
    expect(first.status, first.output).toBe(0);
    expect(first.output).toContain('creating the PostgreSQL cluster');
  }, 120_000);

  afterAll(() => {
    stack('down');
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('starting twice is a no-op that keeps the same processes', () => {
    const gatewayPid = pidOf('gateway');
    const again = stack('up');
    expect(again.status, again.output).toBe(0);
    expect(again.output).toContain('gateway already running');
    expect(again.output).not.toContain('creating the PostgreSQL cluster');
    expect(pidOf('gateway')).toBe(gatewayPid);
  }, 60_000);

  it('a crash of the gateway loses no committed data, and the next start brings it back', async () => {
    await sql('create table public.lifecycle_notes (id int primary key, body text)');
    await sql(`insert into public.lifecycle_notes values (1, 'committed before the crash')`);
    const gatewayPid = pidOf('gateway');
    process.kill(gatewayPid, 'SIGKILL');
    await expect.poll(() => isAlive(gatewayPid)).toBe(false);

    // The first start warmed the functions up; later ones skip it, as `up --no-warm-up` allows.
    const restart = stack('up', '--no-warm-up');
    expect(restart.status, restart.output).toBe(0);
    expect(pidOf('gateway')).not.toBe(gatewayPid);
    const res = await restSelect('lifecycle_notes');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 1, body: 'committed before the crash' }]);
  }, 60_000);

  it('reset gives a clean database with migrations and seed applied again', async () => {
    const reset = stack('up', '--reset', '--no-warm-up');
    expect(reset.status, reset.output).toBe(0);
    const tables = await sql<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'lifecycle_notes'`,
    );
    expect(tables[0]?.n).toBe(0);
    const seeded = await sql<{ n: number }>(
      `select count(*)::int as n from auth.users where email = 'demo@carecover.app'`,
    );
    expect(seeded[0]?.n).toBe(1);
  }, 120_000);

  it('stop leaves no process behind', () => {
    const gatewayPid = pidOf('gateway');
    const postmasterPid = Number(readFileSync(path.join(stateDir, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const down = stack('down');
    expect(down.status, down.output).toBe(0);
    expect(isAlive(gatewayPid)).toBe(false);
    expect(isAlive(postmasterPid)).toBe(false);
    const leftovers = spawnSync('pgrep', ['-f', stateDir], { encoding: 'utf8' }).stdout.trim();
    expect(leftovers).toBe('');
  }, 60_000);
});
