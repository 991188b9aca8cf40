import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envFileOwner, removeDevEnvFile, writeDevEnvFile } from './dev-env.ts';

let dir: string;
let file: string;
const stateA = (): string => path.join(dir, 'state-a');
const stateB = (): string => path.join(dir, 'state-b');

/** Makes `stateDir` look like an instance whose gateway is the given process. */
function gatewayPid(stateDir: string, pid: number): void {
  mkdirSync(path.join(stateDir, 'pids'), { recursive: true });
  writeFileSync(path.join(stateDir, 'pids', 'gateway.pid'), String(pid));
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dev-env-'));
  file = path.join(dir, '.env.development.local');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('.env.development.local ownership', () => {
  it('names the instance that wrote it and carries the VITE_ values', () => {
    expect(writeDevEnvFile(file, stateA())).toBe('written');
    expect(envFileOwner(file)).toBe(path.resolve(stateA()));
    expect(readFileSync(file, 'utf8')).toMatch(/^VITE_SUPABASE_URL=http:\/\/127\.0\.0\.1:\d+$/m);
  });

  it('is not removed by an instance that did not write it', () => {
    writeDevEnvFile(file, stateA());
    expect(removeDevEnvFile(file, stateB())).toBe(false);
    expect(existsSync(file)).toBe(true);
    expect(removeDevEnvFile(file, stateA())).toBe(true);
    expect(existsSync(file)).toBe(false);
  });

  it('is not replaced while its instance runs, and is taken over once that instance is gone', async () => {
    writeDevEnvFile(file, stateA());
    // A process whose command line carries the gateway's marker, as a live gateway's does.
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', 'stack/src/main.ts']);
    try {
      gatewayPid(stateA(), sleeper.pid!);
      expect(writeDevEnvFile(file, stateB())).toBe('kept-other-instance');
      expect(envFileOwner(file)).toBe(path.resolve(stateA()));
    } finally {
      sleeper.kill();
      await new Promise((resolve) => sleeper.once('exit', resolve));
    }
    expect(writeDevEnvFile(file, stateB())).toBe('written');
    expect(envFileOwner(file)).toBe(path.resolve(stateB()));
  });

  it('leaves a hand-written file alone, and replaces one from an older stack', () => {
    writeFileSync(file, 'VITE_SUPABASE_URL=https://example.supabase.co\n');
    expect(writeDevEnvFile(file, stateA())).toBe('kept-hand-written');
    expect(removeDevEnvFile(file, stateA())).toBe(false);
    expect(readFileSync(file, 'utf8')).toContain('example.supabase.co');

    writeFileSync(file, '# Written by `npm start` for the local stack. Delete it to point the dev server elsewhere.\n');
    expect(writeDevEnvFile(file, stateA())).toBe('written');
  });
});
