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
// --parallel: one test module per core. The tests share no port or file (stand-ins are per test),
// and alone on the two cores the step took 28 s, in parallel 14 s.
const testStatus = deno([
  'test',
  ...FLAGS,
  '--parallel',
  '--allow-net',
  '--allow-env',
  '--allow-read',
  path.relative(projectRoot, functionsDir),
]);
process.exit(status || testStatus);
