/**
 * A private cluster of the machine's own PostgreSQL server binaries, kept in `.stack/pgdata`.
 * initdb and postgres refuse to run as root, so when we are root the server runs as the
 * `postgres` OS user (which Debian's postgresql package creates).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config, DB_PASSWORD, paths } from '../config.ts';
import { step } from '../log.ts';

const isRoot = process.getuid?.() === 0;

export function binDir(): string {
  const fromEnv = process.env.PG_BINDIR;
  if (fromEnv) return fromEnv;
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // pg_config may be the client-only one; fall through to the Debian layout.
  }
  for (const version of ['17', '16', '15']) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error(
    'PostgreSQL server binaries (initdb, pg_ctl) were not found. Install them with: apt-get install postgresql-15',
  );
}

function pgUser(): { uid: number; gid: number } | null {
  if (!isRoot) return null;
  const out = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (out.status !== 0) {
    throw new Error('Running as root needs the `postgres` OS user (apt-get install postgresql-15 creates it).');
  }
  return { uid: Number(out.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * How much less CPU weight the server's processes get than the stack's own (gateway, Realtime, Deno
 * functions, stand-ins), which start at the default 0. On hosted Supabase the database, the API
 * gateway and the Edge Functions run on machines of their own; here they share two cores, where
 * dozens of runnable backends would otherwise take turns with the few single-threaded processes
 * every request passes through, and each hop of a request waited behind them in the run queue.
 * Measured with the soak on one machine whose speed drifts by a quarter within the hour: three runs
 * each, back to back, Realtime commit → callback p95 66–82 ms instead of 89–116 and notify p95
 * 331–364 ms instead of 381–450; in runs alternating the two, Realtime p95 was lower in every pair
 * (79 vs 91, 81 vs 102 ms) while the calls differed by less than the noise. Backends inherit it from
 * the postmaster.
 */
const SERVER_NICENESS = 5;

/** Runs a server binary as the user that owns the cluster (with `nice`, at the server's niceness). */
function runPg(
  bin: string,
  args: string[],
  opts: { allowFail?: boolean; nice?: number } = {},
): { status: number; output: string } {
  const exe = path.join(binDir(), bin);
  const command = opts.nice === undefined ? [exe, ...args] : ['nice', '-n', String(opts.nice), exe, ...args];
  const [cmd, argv] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', ...command]]
    : [command[0] as string, command.slice(1)];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: '/' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0 && !opts.allowFail) {
    throw new Error(`${bin} ${args.join(' ')} failed:\n${output}`);
  }
  return { status: result.status ?? 1, output };
}

/** The postgres user must be able to reach the data folder: give search (x) on ancestors that lack it. */
function ensureTraversable(dir: string): void {
  if (!isRoot) return;
  let current = path.dirname(dir);
  while (current !== path.dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(current, mode | 0o001);
      step(`granted search permission on ${current} so the postgres user can reach the cluster`);
    }
    current = path.dirname(current);
  }
}

function ownByPg(target: string): void {
  const owner = pgUser();
  if (owner) chownSync(target, owner.uid, owner.gid);
}

const logFile = (): string => path.join(paths.pgRun, 'postgres.log');

/**
 * Settings live in the cluster so `pg_ctl start` alone brings it up the same way every time. They
 * are written again before each start: the ports come from the environment (STACK_DB_PORT), and a
 * cluster made on one port must start on the port asked for now, not the one it was made with.
 */
function settingsText(): string {
  const settings = [
    `port = ${config.dbPort}`,
    `listen_addresses = '${config.host}'`,
    `unix_socket_directories = '${paths.pgRun}'`,
    // Realtime's change capture uses logical decoding, as hosted Supabase does.
    'wal_level = logical',
    'max_replication_slots = 10',
    'max_wal_senders = 10',
    'max_connections = 200',
    'shared_buffers = 256MB',
    "timezone = 'UTC'",
    "log_timezone = 'UTC'",
    'log_min_messages = warning',
    'log_min_error_statement = panic',
    // As the Supabase Postgres image that `supabase start` runs: its planner estimate of the cache,
    // and query identifiers (it preloads pg_stat_statements), both visible in explain().
    "effective_cache_size = '128MB'",
    'compute_query_id = on',
    // Scheduled jobs run on pg_cron, as Supabase Cron does on hosted projects. Debian's package is
    // pg_cron 1.4 (schedules to the minute; hosted has 1.6, which adds seconds): migrations use
    // cron syntax, which both understand. Jobs run in background workers, so they need no login
    // and no password, each in the database `supabase start` uses. pg_stat_statements is preloaded
    // as hosted Supabase preloads it: `create extension pg_stat_statements` then shows where the
    // database's time goes (it found the time-zone check and bcrypt behind a third of it in tests).
    "shared_preload_libraries = 'pg_cron,pg_stat_statements'",
    "cron.database_name = 'postgres'",
    'cron.use_background_workers = on',
    'cron.max_running_jobs = 8',
    // pg_cron's launcher and each running job take a background worker; parallel query takes the rest.
    'max_worker_processes = 24',
  ];
  return `${settings.join('\n')}\n`;
}

const settingsFile = (): string => path.join(paths.pgData, 'conf.d.stack.conf');

/** Writes the settings; true when they differ from what the file held (a running server needs a restart). */
function writeSettings(): boolean {
  const text = settingsText();
  const before = existsSync(settingsFile()) ? readFileSync(settingsFile(), 'utf8') : null;
  if (before === text) return false;
  writeFileSync(settingsFile(), text);
  ownByPg(settingsFile());
  return true;
}

export function clusterExists(): boolean {
  return existsSync(path.join(paths.pgData, 'PG_VERSION'));
}

export function createCluster(): void {
  for (const dir of [paths.state, paths.pgRun]) mkdirSync(dir, { recursive: true });
  mkdirSync(paths.pgData, { recursive: true, mode: 0o700 });
  ensureTraversable(paths.pgData);
  ownByPg(paths.pgData);
  ownByPg(paths.pgRun);
  const pwFile = path.join(paths.pgRun, 'pwfile');
  writeFileSync(pwFile, `${DB_PASSWORD}\n`, { mode: 0o600 });
  ownByPg(pwFile);
  step('creating the PostgreSQL cluster (initdb)');
  runPg('initdb', [
    '-D',
    paths.pgData,
    '-U',
    'postgres',
    '--pwfile',
    pwFile,
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  writeSettings();
  runPg('postgres', ['--version']);
  const conf = path.join(paths.pgData, 'postgresql.conf');
  writeFileSync(conf, "include_if_exists = 'conf.d.stack.conf'\n", { flag: 'a' });
}

export function isPostgresRunning(): boolean {
  if (!clusterExists()) return false;
  return runPg('pg_ctl', ['status', '-D', paths.pgData], { allowFail: true }).status === 0;
}

export function startPostgres(): void {
  if (isPostgresRunning()) {
    // A cluster started by an older version of the stack lacks settings that only a start applies
    // (shared_preload_libraries for pg_cron): restart it once, so `up` brings it to today's settings.
    if (writeSettings()) {
      step('PostgreSQL settings changed: restarting it to apply them');
      const res = runPg('pg_ctl', ['restart', '-D', paths.pgData, '-l', logFile(), '-m', 'fast', '-w', '-t', '60'], {
        allowFail: true,
        nice: SERVER_NICENESS,
      });
      if (res.status !== 0) throw new Error(`PostgreSQL did not restart. See ${logFile()}\n${res.output}`);
    }
    return;
  }
  const log = logFile();
  if (!existsSync(log)) writeFileSync(log, '');
  ownByPg(log);
  writeSettings();
  step(`starting PostgreSQL on ${config.host}:${config.dbPort}`);
  const res = runPg('pg_ctl', ['start', '-D', paths.pgData, '-l', log, '-w', '-t', '60'], {
    allowFail: true,
    nice: SERVER_NICENESS,
  });
  if (res.status !== 0) {
    throw new Error(`PostgreSQL did not start (is port ${config.dbPort} already taken?). See ${log}\n${res.output}`);
  }
}

export function stopPostgres(): void {
  if (!isPostgresRunning()) return;
  step('stopping PostgreSQL');
  runPg('pg_ctl', ['stop', '-D', paths.pgData, '-m', 'fast', '-w', '-t', '60']);
}
