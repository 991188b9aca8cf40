/** Progress lines for the stack's commands: long first runs must show what they are doing. */
const started = Date.now();
const quiet = process.env.STACK_QUIET === '1';

export function step(message: string): void {
  if (quiet) return;
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(5);
  process.stdout.write(`[stack ${seconds}s] ${message}\n`);
}

export function fail(message: string): never {
  process.stderr.write(`[stack] error: ${message}\n`);
  process.exit(1);
}
