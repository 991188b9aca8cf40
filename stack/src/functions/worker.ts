/**
 * One function, one Deno process. A process per function (rather than one Deno router with a
 * worker per function) gives each function the real `Deno.serve`, lets a `Deno.exit()` or a
 * fatal error take down only that function, and makes a restart after an edit a plain kill and
 * spawn. The cost is ~40 MB per warm function, which is fine for a project's handful of functions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Readable } from 'node:stream';
import { denoArgs, denoBinary } from './deno.ts';
import type { FunctionSpec } from './registry.ts';

export class BootError extends Error {}

export interface WorkerOptions {
  spec: FunctionSpec;
  env: Record<string, string>;
  /** The stamp of the files this process was started from. */
  fingerprint: string;
  bootTimeoutMs: number;
  log: (line: string) => void;
  onExit: (worker: FunctionWorker) => void;
}

export class FunctionWorker {
  readonly name: string;
  readonly fingerprint: string;
  readonly ready: Promise<number>;
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  readonly startedAt = performance.now();
  bootMs: number | null = null;
  port = 0;
  inFlight = 0;
  lastUsed = Date.now();
  exited = false;
  /** Replaced by a newer process (files changed): stop once the requests in flight are done. */
  retiring = false;
  private readonly child: ChildProcess;

  constructor(private readonly options: WorkerOptions) {
    this.name = options.spec.name;
    this.fingerprint = options.fingerprint;
    const token = `__stack_function_ready_${randomBytes(8).toString('hex')}__:`;
    this.child = spawn(denoBinary(), denoArgs(options.spec, token), {
      cwd: options.spec.dir,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.ready = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new BootError(`did not start within ${options.bootTimeoutMs} ms`));
        this.kill();
      }, options.bootTimeoutMs);
      timer.unref();
      this.pipeLines(this.child.stdout, (line) => {
        if (this.port === 0 && line.startsWith(token)) {
          this.port = Number(line.slice(token.length));
          this.bootMs = performance.now() - this.startedAt;
          clearTimeout(timer);
          resolve(this.port);
          return true;
        }
        return false;
      });
      this.pipeLines(this.child.stderr, () => false);
      this.child.on('error', (error) => {
        clearTimeout(timer);
        reject(new BootError(error.message));
      });
      this.child.on('exit', (code, signal) => {
        this.exited = true;
        clearTimeout(timer);
        this.agent.destroy();
        if (this.port === 0) reject(new BootError(`exited with ${signal ?? `code ${code}`} before serving`));
        if (!this.retiring) options.log(`process ${this.child.pid} exited with ${signal ?? `code ${code}`}`);
        options.onExit(this);
      });
    });
    // Concurrent callers each await `ready`; a rejection nobody awaits must not crash the gateway.
    this.ready.catch(() => undefined);
    // An EPIPE when the process is gone is expected; stdin stays open only to signal our liveness.
    this.child.stdin?.on('error', () => undefined);
  }

  /**
   * Resolves true once the process has exited, or false if it still runs after `ms`. A connection
   * that breaks mid-request usually means the process is dying, but its exit event comes a moment
   * later: waiting for it lets the caller's next request find the worker gone and start a new one.
   */
  exitedWithin(ms: number): Promise<boolean> {
    if (this.exited) return Promise.resolve(true);
    return new Promise((resolve) => {
      const onExit = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.child.off('exit', onExit);
        resolve(this.exited);
      }, ms);
      timer.unref();
      // Registered after the constructor's handler, so `exited` is already set and the runtime told.
      this.child.once('exit', onExit);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  kill(): void {
    if (this.exited) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => {
      if (!this.exited) this.child.kill('SIGKILL');
    }, 2000);
    timer.unref();
  }

  /** Kill now if idle, otherwise when the last request in flight finishes. */
  retire(): void {
    this.retiring = true;
    if (this.inFlight === 0) this.kill();
  }

  release(): void {
    this.inFlight -= 1;
    this.lastUsed = Date.now();
    if (this.retiring && this.inFlight === 0) this.kill();
  }

  /** Forward the function's output to the log, line by line; `intercept` may swallow a line. */
  private pipeLines(stream: Readable | null, intercept: (line: string) => boolean): void {
    if (!stream) return;
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      pending += chunk;
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        const line = pending.slice(0, newline).replace(/\r$/, '');
        pending = pending.slice(newline + 1);
        if (!intercept(line) && line !== '') this.options.log(line);
        newline = pending.indexOf('\n');
      }
    });
    stream.on('end', () => {
      if (pending) this.options.log(pending);
      pending = '';
    });
  }
}
