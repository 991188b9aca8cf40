/** Cold start (new cluster, migrations, seed, gateway) and warm restart of `npm run stack`. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../stack/src/config.ts';
import { freePort } from '../tests/support/free-port.ts';

export async function benchStackStart(): Promise<{ coldMs: number; warmMs: number; noopMs: number }> {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'stack-bench-'));
  const env = {
    ...process.env,
    STACK_STATE_DIR: stateDir,
    STACK_API_PORT: String(await freePort()),
    STACK_DB_PORT: String(await freePort()),
    STACK_STANDINS_PORT: String(await freePort()),
    STACK_MAIL_PORT: String(await freePort()),
    STACK_SMTP_PORT: String(await freePort()),
    STACK_QUIET: '1',
  };
  const run = (...args: string[]): number => {
    const started = performance.now();
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'stack/src/cli.ts', ...args], {
      cwd: projectRoot,
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`stack ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
    return performance.now() - started;
  };
  try {
    const coldMs = run('up');
    const noopMs = run('up');
    run('down');
    const warmMs = run('up');
    return { coldMs, warmMs, noopMs };
  } finally {
    run('down');
    rmSync(stateDir, { recursive: true, force: true });
  }
}
