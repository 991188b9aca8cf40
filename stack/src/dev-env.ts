/**
 * What the dashboard's and the staff app's dev servers need to reach this instance of the stack,
 * and the `.env.development.local` convenience file for `npm run dev` on its own.
 *
 * Several instances can run from one checkout (other ports and `STACK_STATE_DIR`), but there is
 * only one `.env.development.local` at the project root. So the dev servers an instance starts
 * get its values in their own environment (Vite gives `process.env` precedence over env files),
 * and the file is written and removed only by the instance that owns it: the file names the
 * state folder of the instance that wrote it, and another live instance's file is left alone.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ANON_KEY, apiUrl, paths, projectRoot } from './config.ts';
import { envFilePath, readEnvFile } from './functions/registry.ts';
import { runningPid } from './processes.ts';

/** The gateway daemon as cli.ts starts it: its pid file name and its command-line marker. */
export const GATEWAY = { name: 'gateway', marker: 'stack/src/main.ts' } as const;

export const devEnvFile = path.join(projectRoot, '.env.development.local');

const OWNER_PREFIX = '# stack-state: ';

/** The VITE_ values of this instance: its API URL, the local anon key and the VAPID public key. */
export function devServerEnv(): Record<string, string> {
  return {
    VITE_SUPABASE_URL: apiUrl,
    VITE_SUPABASE_ANON_KEY: ANON_KEY,
    // The staff app subscribes to Web Push with the public half of the functions' VAPID pair.
    VITE_VAPID_PUBLIC_KEY: readEnvFile(envFilePath()).VAPID_PUBLIC_KEY?.trim() ?? '',
  };
}

/** The state folder named in the file, or null when there is no file or it was written by hand. */
export function envFileOwner(file = devEnvFile): string | null {
  if (!existsSync(file)) return null;
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(OWNER_PREFIX));
  return line ? line.slice(OWNER_PREFIX.length).trim() : null;
}

/** Whether the instance with that state folder still has its gateway running (not a recycled pid). */
function isInstanceRunning(stateDir: string): boolean {
  return runningPid(GATEWAY, path.join(stateDir, 'pids')) !== null;
}

export type EnvFileOutcome = 'written' | 'kept-other-instance' | 'kept-hand-written';

/**
 * Writes the file for this instance unless it belongs to another running instance or was written
 * by hand (for a hosted project, say): neither is ours to replace.
 */
export function writeDevEnvFile(file = devEnvFile, stateDir = paths.state): EnvFileOutcome {
  if (existsSync(file)) {
    const owner = envFileOwner(file);
    // Earlier versions of the stack wrote the file without naming an owner: theirs to replace.
    const isOldStackFile = readFileSync(file, 'utf8').startsWith('# Written by `npm start`');
    if (owner === null && !isOldStackFile) return 'kept-hand-written';
    if (owner !== null && path.resolve(owner) !== path.resolve(stateDir) && isInstanceRunning(owner))
      return 'kept-other-instance';
  }
  const values = Object.entries(devServerEnv()).map(([key, value]) => `${key}=${value}`);
  writeFileSync(
    file,
    [
      '# Written by `npm start` for the local stack, and removed by `npm run stop` of that same instance.',
      '# Delete it to point `npm run dev` elsewhere.',
      `${OWNER_PREFIX}${path.resolve(stateDir)}`,
      ...values,
      '',
    ].join('\n'),
  );
  return 'written';
}

/** Removes the file only if this instance wrote it. */
export function removeDevEnvFile(file = devEnvFile, stateDir = paths.state): boolean {
  const owner = envFileOwner(file);
  if (owner === null || path.resolve(owner) !== path.resolve(stateDir)) return false;
  rmSync(file, { force: true });
  return true;
}
