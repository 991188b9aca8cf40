/**
 * `npm start` / `npm run stack` / `npm run stop`: the local Supabase-compatible stack.
 *   up [--reset] [--with-app] [--no-warm-up]
 *                               start Postgres, apply migrations and seed, start the gateway
 *                               (and the dev servers); idempotent. --no-warm-up leaves the edge
 *                               functions to boot on their first request.
 *   down                        stop everything `up` started
 *   status                      show what is running
 */
import { readdirSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import {
  ANON_KEY,
  apiUrl,
  config,
  dbUrl,
  JWT_SECRET,
  paths,
  projectRoot,
  SERVICE_ROLE_KEY,
  standinsUrl,
  mailUrl,
  supabaseDir,
} from './config.ts';
import { devEnvFile, devServerEnv, GATEWAY, removeDevEnvFile, writeDevEnvFile } from './dev-env.ts';
import { listFunctions } from './functions/registry.ts';
import { step } from './log.ts';
import { clusterExists, createCluster, isPostgresRunning, startPostgres, stopPostgres } from './postgres/cluster.ts';
import { bootstrapDatabase } from './postgres/bootstrap.ts';
import { ensurePgNetStandIn, requirePgCron } from './postgres/extensions.ts';
import { applyMigrations, isDatabaseUpToDate } from './postgres/migrate.ts';
import { logFile, runningPid, startDaemon, stopDaemon, waitForHttp, type DaemonSpec } from './processes.ts';

const gateway: DaemonSpec = {
  ...GATEWAY,
  command: process.execPath,
  // Every request, realtime batch and WebSocket frame allocates short-lived objects: a larger young
  // generation collects them less often (the soak's gateway spent 2.9 s of 47 in GC, 1.9 s with it).
  args: ['--max-semi-space-size=64', '--import', 'tsx', GATEWAY.marker],
};

const app: DaemonSpec = {
  name: 'app',
  command: process.execPath,
  args: ['node_modules/vite/bin/vite.js', '--host', config.host, '--port', String(config.appPort), '--strictPort'],
  marker: 'node_modules/vite/bin/vite.js',
  env: devServerEnv(),
};

const staffApp: DaemonSpec = {
  name: 'staff-app',
  command: process.execPath,
  args: [
    'node_modules/vite/bin/vite.js',
    '--config',
    'staff/vite.config.ts',
    '--host',
    config.host,
    '--port',
    String(config.staffAppPort),
    '--strictPort',
  ],
  marker: 'staff/vite.config.ts',
  env: devServerEnv(),
};

const appUrl = `http://${config.host}:${config.appPort}`;
const staffAppUrl = `http://${config.host}:${config.staffAppPort}`;

/** The newest modification time under a folder: a gateway older than its code is restarted. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

async function ensureGateway(): Promise<void> {
  const pid = runningPid(gateway);
  const pidPath = path.join(paths.pids, 'gateway.pid');
  if (
    pid !== null &&
    existsSync(pidPath) &&
    statSync(pidPath).mtimeMs >= newestMtime(path.join(projectRoot, 'stack/src'))
  ) {
    step(`gateway already running (pid ${pid})`);
    return;
  }
  if (pid !== null) {
    step('gateway code changed: restarting it');
    await stopDaemon(gateway);
  }
  step(`starting the API gateway on ${apiUrl} (auth, rest, realtime, functions, stand-ins)`);
  startDaemon(gateway);
  try {
    await waitForHttp(`${apiUrl}/auth/v1/health`, { apikey: ANON_KEY }, 30_000);
  } catch (error) {
    const tail = readFileSync(logFile('gateway'), 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`${(error as Error).message}\n--- ${logFile('gateway')} ---\n${tail}`, { cause: error });
  }
}

/** Boots each edge function once, so the first real request (and its npm downloads) is not slow. */
async function warmFunctions(): Promise<void> {
  if (listFunctions().length === 0) return;
  step(`warming up edge functions: ${listFunctions().join(', ')}`);
  const res = await fetch(`${apiUrl}/_stack/functions/warm`, {
    method: 'POST',
    headers: { apikey: SERVICE_ROLE_KEY },
  });
  if (!res.ok) throw new Error(`function warm-up failed with HTTP ${res.status}: ${await res.text()}`);
  for (const result of (await res.json()) as { name: string; ms: number; error?: string }[]) {
    step(
      `  ${result.name}: ${result.error ? `failed to boot (${result.error}); see ${logFile('functions')}` : `ready in ${result.ms} ms`}`,
    );
  }
}

async function ensureApp(): Promise<void> {
  // The dev servers get this instance's values in their environment; the file is for `npm run dev`.
  const outcome = writeDevEnvFile();
  if (outcome === 'kept-other-instance')
    step(`${path.basename(devEnvFile)} belongs to another running instance of the stack: left as it is`);
  if (outcome === 'kept-hand-written') step(`${path.basename(devEnvFile)} was not written by the stack: left as it is`);
  await ensureDevServer(app, 'the dashboard', appUrl);
  await ensureDevServer(staffApp, 'CareCover Staff (the staff app)', staffAppUrl);
}

async function ensureDevServer(spec: DaemonSpec, title: string, url: string): Promise<void> {
  const pid = runningPid(spec);
  if (pid !== null) {
    step(`${title}: dev server already running (pid ${pid})`);
    return;
  }
  step(`starting ${title} (Vite) on ${url}`);
  startDaemon(spec);
  await waitForHttp(url, {}, 60_000);
}

function demoLogins(): string[] {
  const seed = path.join(supabaseDir, 'seed.sql');
  if (!existsSync(seed)) return [];
  return readFileSync(seed, 'utf8')
    .split('\n')
    .map((line) => /^--\s*demo-login:\s*(.+)$/.exec(line)?.[1]?.trim())
    .filter((x): x is string => Boolean(x));
}

function printSummary(withApp: boolean): void {
  const lines = [
    '',
    'CareCover local stack is running.',
    ...(withApp
      ? [`  Dashboard          ${appUrl}`, `  Staff app          ${staffAppUrl}   (phones: open it at 390 px wide)`]
      : []),
    `  API URL            ${apiUrl}`,
    `  REST URL           ${apiUrl}/rest/v1`,
    `  Auth URL           ${apiUrl}/auth/v1`,
    `  DB URL             ${dbUrl()}`,
    `  JWT secret         ${JWT_SECRET}`,
    `  anon key           ${ANON_KEY}`,
    `  service_role key   ${SERVICE_ROLE_KEY}`,
    `  Functions URL      ${apiUrl}/functions/v1/<name>   (${listFunctions().join(', ') || 'none yet'})`,
    `  Realtime URL       ${apiUrl.replace('http', 'ws')}/realtime/v1/websocket`,
    `  Stand-ins          ${standinsUrl}   (geocoding, Stripe, push, a scripted model: recorded pushes and Stripe events at ${standinsUrl}/__dev)`,
    `  Mail catcher       ${mailUrl}   (every email the stack sends: sign-up, password reset, email change; SMTP on ${config.smtpPort})`,
    ...demoLogins().map((login, i) => `  ${i === 0 ? 'Demo login        ' : '                  '} ${login}`),
    `  Logs               ${paths.logs}`,
    '',
    'Stop it with: npm run stop',
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

async function up(flags: Set<string>): Promise<void> {
  if (flags.has('--reset')) await reset();
  // pg_cron is preloaded at start, and migrations create pg_net: both must be installed first.
  requirePgCron();
  ensurePgNetStandIn();
  if (!clusterExists()) createCluster();
  startPostgres();
  await bootstrapDatabase();
  if (await isDatabaseUpToDate()) step('migrations and seed are up to date');
  else applyMigrations();
  await ensureGateway();
  // A second instance started only to be looked at (or by a test) can let functions boot on first use.
  if (!flags.has('--no-warm-up')) await warmFunctions();
  const withApp = flags.has('--with-app');
  if (withApp) await ensureApp();
  printSummary(withApp);
}

async function down(): Promise<void> {
  if (await stopDaemon(app)) step('stopped the dashboard dev server');
  if (await stopDaemon(staffApp)) step('stopped the staff app dev server');
  if (await stopDaemon(gateway)) step('stopped the API gateway');
  stopPostgres();
  removeDevEnvFile();
  step('everything the stack started is stopped');
}

async function reset(): Promise<void> {
  step('reset: stopping and removing the local database');
  await stopDaemon(gateway);
  stopPostgres();
  rmSync(paths.pgData, { recursive: true, force: true });
}

function status(): void {
  const rows = [
    ['postgres', isPostgresRunning() ? `running on ${config.host}:${config.dbPort}` : 'stopped'],
    ['gateway', runningPid(gateway) ? `running on ${apiUrl}` : 'stopped'],
    ['dashboard', runningPid(app) ? `running on ${appUrl}` : 'stopped'],
    ['staff app', runningPid(staffApp) ? `running on ${staffAppUrl}` : 'stopped'],
  ];
  for (const [name, state] of rows) process.stdout.write(`${name?.padEnd(10)} ${state}\n`);
}

const [command = 'up', ...rest] = process.argv.slice(2);
const flags = new Set(rest);
try {
  if (command === 'up') await up(flags);
  else if (command === 'down') await down();
  else if (command === 'status') status();
  else throw new Error(`unknown command ${command}; use up, down or status`);
} catch (error) {
  process.stderr.write(`[stack] ${(error as Error).message}\n`);
  process.exit(1);
}
