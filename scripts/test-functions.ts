/**
 * Edge functions' own checks, with the same Deno and npm cache the local stack serves them with:
 * `deno check` of every function's entrypoint (index.ts), then `deno test` over supabase/functions
 * (the handlers' *.test.ts). Deno's own output and summary are printed; the exit code is Deno's.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { functionsDir, projectRoot } from '../stack/src/config.ts';
import { deno, DENO_FLAGS as FLAGS } from './deno.ts';

const entrypoints = readdirSync(functionsDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !e.name.startsWith('_') && !e.name.startsWith('.'))
  .map((e) => path.join(functionsDir, e.name, 'index.ts'))
  .filter((file) => existsSync(file))
  .map((file) => path.relative(projectRoot, file))
  .sort();

let status = 0;
if (entrypoints.length > 0) {
  process.stdout.write(`deno check ${entrypoints.join(' ')}\n`);
  status = deno(['check', ...FLAGS, ...entrypoints]);
  if (status !== 0) process.stdout.write('deno check failed\n');
}
const testStatus = deno([
  'test',
  ...FLAGS,
  '--allow-net',
  '--allow-env',
  '--allow-read',
  path.relative(projectRoot, functionsDir),
]);
process.exit(status || testStatus);
