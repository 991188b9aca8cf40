/**
 * Integration and browser tests run against the local stack. Reuse one that is already up
 * (a developer's `npm start`); otherwise start it, and stop only what was started here.
 */
import { spawnSync } from 'node:child_process';
import { projectRoot } from '../../stack/src/config.ts';
import { isStackUp } from './stack-env.ts';

let startedHere = false;

function cli(...args: string[]): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'stack/src/cli.ts', ...args], {
    cwd: projectRoot,
    stdio: 'inherit',
    // As `npm test` starts it: new passwords hashed at bcrypt cost 4 (stack/src/config.ts).
    env: { STACK_AUTH_BCRYPT_COST: '4', ...process.env },
  });
  if (result.status !== 0) throw new Error(`stack ${args.join(' ')} failed with ${result.status}`);
}

export async function setup(): Promise<void> {
  if (await isStackUp()) return;
  cli('up');
  startedHere = true;
}

export async function teardown(): Promise<void> {
  if (startedHere && process.env.STACK_KEEP !== '1') cli('down');
}
