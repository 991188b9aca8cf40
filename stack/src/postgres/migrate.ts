/**
 * Applies `supabase/migrations` and `supabase/seed.sql` with the real Supabase CLI
 * (`db push --db-url`), so versions are recorded in `supabase_migrations` exactly as on hosted
 * projects and the same files deploy there unchanged.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { dbUrl, projectRoot } from '../config.ts';
import { step } from '../log.ts';

const require = createRequire(import.meta.url);

/** The platform binary the npm shim would start; calling it directly saves a Node start-up. */
function supabaseCli(): string[] {
  try {
    const pkg = require.resolve(`@supabase/cli-${process.platform}-${process.arch}/package.json`);
    const bin = path.join(path.dirname(pkg), 'bin', 'supabase');
    if (existsSync(bin)) return [bin];
  } catch {
    // fall back to the shim below
  }
  return [process.execPath, path.join(projectRoot, 'node_modules', 'supabase', 'dist', 'supabase.js')];
}

export function applyMigrations(): void {
  step('applying supabase/migrations and seed.sql (supabase db push --db-url … --include-seed)');
  const [cmd, ...pre] = supabaseCli();
  const result = spawnSync(cmd as string, [...pre, 'db', 'push', '--db-url', dbUrl(), '--yes', '--include-seed'], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, DO_NOT_TRACK: '1', SUPABASE_TELEMETRY_DISABLED: '1' },
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) throw new Error(`supabase db push failed:\n${output}`);
  for (const line of output.split('\n')) {
    if (/^(Applying migration|Seeding data)/.test(line)) step(`  ${line.trim()}`);
  }
}
