/** Background processes the stack starts (gateway, dashboard dev server), tracked by pid files. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { paths, projectRoot } from './config.ts';

export interface DaemonSpec {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** A string the process' command line contains, so a recycled pid is not mistaken for ours. */
  marker: string;
}

const pidFile = (name: string): string => path.join(paths.pids, `${name}.pid`);
export const logFile = (name: string): string => path.join(paths.logs, `${name}.log`);

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** The daemon's pid if it runs; `pidsDir` names another instance's pid folder (default: this one's). */
export function runningPid(spec: Pick<DaemonSpec, 'name' | 'marker'>, pidsDir = paths.pids): number | null {
  const file = path.join(pidsDir, `${spec.name}.pid`);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  return commandLine(pid).includes(spec.marker) ? pid : null;
}

export function startDaemon(spec: DaemonSpec): number {
  mkdirSync(paths.pids, { recursive: true });
  mkdirSync(paths.logs, { recursive: true });
  const out = openSync(logFile(spec.name), 'a');
  const child = spawn(spec.command, spec.args, {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...spec.env },
  });
  child.unref();
  if (!child.pid) throw new Error(`could not start ${spec.name}`);
  writeFileSync(pidFile(spec.name), String(child.pid));
  return child.pid;
}

export async function stopDaemon(spec: Pick<DaemonSpec, 'name' | 'marker'>): Promise<boolean> {
  const pid = runningPid(spec);
  rmSync(pidFile(spec.name), { force: true });
  if (pid === null) return false;
  // Detached daemons lead their own process group: signal the group so children go too.
  const signalAll = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
  };
  signalAll('SIGTERM');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  signalAll('SIGKILL');
  return true;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return commandLine(pid) !== '' && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

export async function waitForHttp(url: string, headers: Record<string, string>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(1000) });
      if (res.status < 500) return;
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastError})`);
}
