/**
 * The assistant's question bank (issue 19): tests/assistant/question-bank.deno.ts against the running
 * local stack, with the stack's Deno and npm cache (the model path needs the `npm:` SDKs, which only
 * Deno resolves). It seeds the fixture agency if needed, asks every question of the built-in
 * assistant and of the stand-ins' scripted model, prints each miss and the scores, and fails below
 * 90%. Deno's own summary (`ok | N passed | M failed`) ends the output; the exit code is Deno's.
 * Start the stack first (`npm run stack`); the stack's ports follow the STACK_* variables.
 */
import { ANON_KEY, standinsUrl } from '../stack/src/config.ts';
import { API_URL, DB_URL, isStackUp } from '../tests/support/stack-env.ts';
import { deno, DENO_FLAGS } from './deno.ts';

const TEST_FILE = 'tests/assistant/question-bank.deno.ts';

if (!(await isStackUp())) {
  process.stderr.write(`The local stack is not running at ${API_URL}: start it with \`npm run stack\`.\n`);
  process.exit(1);
}
const status = deno(['test', ...DENO_FLAGS, '--allow-net', '--allow-env', '--allow-read', TEST_FILE], {
  SUPABASE_URL: API_URL,
  SUPABASE_ANON_KEY: ANON_KEY,
  SUPABASE_DB_URL: DB_URL,
  STANDINS_URL: standinsUrl,
});
process.exit(status);
