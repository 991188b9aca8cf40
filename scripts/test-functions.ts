/**
 * Edge functions' own checks, with the same Deno and npm cache the local stack serves them with:
 * `deno check` of every function's entrypoint (index.ts; supabase/functions/tests/ is no function),
 * then `deno test` over supabase/functions (the *.test.ts of supabase/functions/tests/). Deno's own
 * output and summary are printed; the exit code is Deno's.
 */
import path from 'node:path';
import { functionsDir, projectRoot } from '../stack/src/config.ts';
import { deno, DENO_FLAGS as FLAGS } from './deno.ts';
import { deployableFunctions } from './function-deploy-files.ts';

const entrypoints = deployableFunctions(functionsDir).map((name) =>
  path.relative(projectRoot, path.join(functionsDir, name, 'index.ts')),
);

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
