/**
 * Applies `supabase/migrations` and `supabase/seed.sql` with the real Supabase CLI
 * (`db push --db-url`), so versions are recorded in `supabase_migrations` exactly as on hosted
 * projects and the same files deploy there unchanged.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import path from 'node:path';
import { dbUrl, projectRoot, supabaseDir, workdir } from '../config.ts';
import { step } from '../log.ts';

const require = createRequire(import.meta.url);

/** The platform binary the npm shim would start; calling it directly saves a Node start-up. */
export function supabaseCli(): string[] {
  try {
    const pkg = require.resolve(`@supabase/cli-${process.platform}-${process.arch}/package.json`);
    const bin = path.join(path.dirname(pkg), 'bin', 'supabase');
    if (existsSync(bin)) return [bin];
  } catch {
    // fall back to the shim below
  }
  return [process.execPath, path.join(projectRoot, 'node_modules', 'supabase', 'dist', 'supabase.js')];
}

/**
 * True when every local migration version is recorded and the seed file's hash matches what the
 * CLI recorded: then `db push` would do nothing, and skipping it keeps a warm restart fast.
 */
export async function isDatabaseUpToDate(): Promise<boolean> {
  const migrationsDir = path.join(supabaseDir, 'migrations');
  const local = existsSync(migrationsDir)
    ? readdirSync(migrationsDir)
        .map((f) => /^(\d+)_.+\.sql$/.exec(f)?.[1])
        .filter((v): v is string => Boolean(v))
    : [];
  const seedPath = path.join(supabaseDir, 'seed.sql');
  const seedHash = existsSync(seedPath) ? createHash('sha256').update(readFileSync(seedPath)).digest('hex') : null;
  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  try {
    const tables = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname = 'supabase_migrations'
         and tablename in ('schema_migrations', 'seed_files')`,
    );
    if (tables.rows[0]?.n !== 2) return false;
    const applied = await client.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations',
    );
    const versions = new Set(applied.rows.map((r) => r.version));
    if (applied.rows.length !== local.length || !local.every((v) => versions.has(v))) return false;
    if (seedHash === null) return true;
    const seeded = await client.query('select 1 from supabase_migrations.seed_files where path = $1 and hash = $2', [
      'supabase/seed.sql',
      seedHash,
    ]);
    return seeded.rowCount === 1;
  } finally {
    await client.end();
  }
}

export function applyMigrations(): void {
  step('applying supabase/migrations and seed.sql (supabase db push --db-url … --include-seed)');
  const [cmd, ...pre] = supabaseCli();
  const result = spawnSync(cmd as string, [...pre, 'db', 'push', '--db-url', dbUrl(), '--yes', '--include-seed'], {
    cwd: workdir,
    encoding: 'utf8',
    env: { ...process.env, DO_NOT_TRACK: '1', SUPABASE_TELEMETRY_DISABLED: '1' },
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) throw new Error(`supabase db push failed:\n${output}`);
  for (const line of output.split('\n')) {
    if (/^(Applying migration|Seeding data)/.test(line)) step(`  ${line.trim()}`);
  }
}
