/** The function process manager on its own, without a gateway: idle stop, restart, shutdown. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/config.ts';
import { HttpError } from '../src/gateway/http.ts';
import { resolveFunction } from '../src/functions/registry.ts';
import { FunctionsRuntime } from '../src/functions/service.ts';

const FIXTURES = path.join(projectRoot, 'stack/tests/fixtures/functions');
let workDir = '';

function spec(name: string) {
  const found = resolveFunction(name, FIXTURES, {});
  if (!found) throw new Error(`fixture ${name} missing`);
  return found;
}

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'stack-functions-runtime-'));
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

describe('functions runtime', () => {
  it('keeps a function warm, stops it when idle and cold-starts it again', async () => {
    const runtime = new FunctionsRuntime({
      functionsDir: FIXTURES,
      settings: {},
      // Long enough that a loaded machine's pause between the two first calls is not idleness.
      idleMs: 2000,
      logFile: path.join(workDir, 'a.log'),
    });
    try {
      const first = await runtime.workerFor(spec('public-echo'));
      expect(first.bootMs).toBeGreaterThan(0);
      expect(await runtime.workerFor(spec('public-echo'))).toBe(first);
      await until(() => first.exited);
      const second = await runtime.workerFor(spec('public-echo'));
      expect(second).not.toBe(first);
      expect(second.exited).toBe(false);
    } finally {
      await runtime.close();
    }
  });

  it('reports a boot failure as the CLI’s 503 and leaves nothing running', async () => {
    const runtime = new FunctionsRuntime({
      functionsDir: FIXTURES,
      settings: {},
      logFile: path.join(workDir, 'b.log'),
    });
    try {
      const error = await runtime.workerFor(spec('boot-fail')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(503);
    } finally {
      await runtime.close();
    }
  });

  it('stops every process on close', async () => {
    const runtime = new FunctionsRuntime({
      functionsDir: FIXTURES,
      settings: {},
      logFile: path.join(workDir, 'c.log'),
    });
    const workers = await Promise.all(['echo', 'slow', 'crash'].map((name) => runtime.workerFor(spec(name))));
    const pids = workers.map((w) => w.pid);
    expect(pids.every((pid) => typeof pid === 'number')).toBe(true);
    await runtime.close();
    for (const pid of pids) expect(() => process.kill(pid!, 0)).toThrow();
  });

  it('lists the served functions', () => {
    const runtime = new FunctionsRuntime({
      functionsDir: FIXTURES,
      settings: {},
      logFile: path.join(workDir, 'd.log'),
    });
    expect(runtime.list()).toContain('echo');
    expect(runtime.list()).not.toContain('_shared');
    void runtime.close();
  });
});
