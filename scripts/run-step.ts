/** Runs steps of the test pipeline and reports each one's exit status and time. */
import { spawn, spawnSync } from 'node:child_process';

function report(title: string, ok: boolean, status: string, started: number): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`=== ${title}: ${ok ? 'ok' : `FAILED (exit ${status})`} in ${seconds}s ===\n`);
}

export function runStep(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  process.stdout.write(`\n=== ${title} ===\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  report(title, ok, String(result.status ?? result.signal), started);
  return ok;
}

export interface Step {
  title: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

export interface StepResult {
  ok: boolean;
  /** Everything the step printed, stdout and stderr as they came. */
  output: string;
}

/**
 * Runs independent steps at the same time (the static checks are single-threaded, and the
 * machines have two cores). Each step's output is held back and printed whole when it ends, so the
 * log reads as if they had run one after another. Resolves with each step's result, in order.
 */
export function runStepsTogether(steps: Step[]): Promise<StepResult[]> {
  return Promise.all(
    steps.map(
      ({ title, command, args, env = {} }) =>
        new Promise<StepResult>((resolve) => {
          const started = Date.now();
          const output: Buffer[] = [];
          const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          const finish = (ok: boolean, status: string) => {
            const text = Buffer.concat(output).toString('utf8');
            process.stdout.write(`\n=== ${title} ===\n`);
            process.stdout.write(text);
            report(title, ok, status, started);
            resolve({ ok, output: text });
          };
          child.on('error', (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            finish(false, 'spawn error');
          });
          child.on('close', (code, signal) => finish(code === 0, String(code ?? signal)));
        }),
    ),
  );
}
