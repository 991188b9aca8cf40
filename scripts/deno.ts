/**
 * Deno as the test scripts run it: the stack's own binary and npm cache (DENO_DIR), and the flags
 * that make `npm:` specifiers resolve as when deployed (no deno.json, no node_modules).
 */
import { spawnSync } from 'node:child_process';
import { projectRoot } from '../stack/src/config.ts';
import { denoBinary, denoDir } from '../stack/src/functions/deno.ts';

export const DENO_FLAGS = ['--no-config', '--node-modules-dir=none'];

/** Runs Deno in the project root with inherited output; answers its exit code. */
export function deno(args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(denoBinary(), args, {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1', ...env },
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}
