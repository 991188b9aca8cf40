/** Runs one step of the test pipeline with inherited output and reports its exit status. */
import { spawnSync } from 'node:child_process';

export function runStep(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  process.stdout.write(`\n=== ${title} ===\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  process.stdout.write(
    `=== ${title}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds}s ===\n`,
  );
  return ok;
}
