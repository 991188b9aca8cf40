/**
 * The extensions scheduled work needs, as hosted Supabase provides them: pg_cron (Debian's
 * `postgresql-15-cron`, the real extension) and pg_net. pg_net is not packaged for Debian, so the
 * stack installs a SQL-only stand-in with pg_net's SQL contract into PostgreSQL's extension
 * folder (its requests are performed by the gateway process: stack/src/net/worker.ts). A real
 * pg_net found there is left alone.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, copyFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { step } from '../log.ts';
import { binDir } from './cluster.ts';

/** The folder holding the stand-in's control and script files. */
export const pgNetStandInDir = fileURLToPath(new URL('./pg_net/', import.meta.url));
/** Marks a pg_net.control as the stack's own, which may be replaced by a newer copy. */
export const STAND_IN_MARKER = 'CareCover local stack';

export function extensionDir(): string {
  const sharedir = execFileSync(path.join(binDir(), 'pg_config'), ['--sharedir'], { encoding: 'utf8' }).trim();
  return path.join(sharedir, 'extension');
}

export type PgNetInstall = 'real' | 'up to date' | 'installed';

/** Copies the stand-in's files where `create extension pg_net` finds them, unless a real pg_net is there. */
export function ensurePgNetStandIn(dir = extensionDir()): PgNetInstall {
  const control = path.join(dir, 'pg_net.control');
  if (existsSync(control) && !readFileSync(control, 'utf8').includes(STAND_IN_MARKER)) return 'real';
  const files = readdirSync(pgNetStandInDir).filter((f) => f.endsWith('.control') || f.endsWith('.sql'));
  const stale = files.filter((f) => {
    const target = path.join(dir, f);
    return !existsSync(target) || !readFileSync(target).equals(readFileSync(path.join(pgNetStandInDir, f)));
  });
  if (stale.length === 0) return 'up to date';
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new Error(
      `The pg_net stand-in is not installed in ${dir} (writing there needs root). Run scripts/setup.sh, or copy ${pgNetStandInDir}* there.`,
    );
  }
  for (const f of stale) copyFileSync(path.join(pgNetStandInDir, f), path.join(dir, f));
  step(`installed the pg_net stand-in (SQL contract of pg_net, requests performed by the stack) in ${dir}`);
  return 'installed';
}

/** pg_cron comes from the Debian package; without it the migrations that schedule jobs cannot apply. */
export function requirePgCron(dir = extensionDir()): void {
  if (!existsSync(path.join(dir, 'pg_cron.control'))) {
    throw new Error('pg_cron is not installed. Install it with scripts/setup.sh (apt-get install postgresql-15-cron).');
  }
}
