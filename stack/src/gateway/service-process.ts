/**
 * A service of the local stack in a process of its own, started and watched by the gateway: the
 * gateway's single event loop then no longer carries its work (see docs/local-stack.md). The child
 * reports `{ kind: 'ready', port }` over IPC once it serves; if it dies it is started again, and it
 * stops with the gateway (a child also exits when its IPC channel closes, so a killed gateway
 * leaves nothing behind: see `serveAsChild`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export type ReadyMessage = { kind: 'ready'; port: number };
/** The gateway asks a child for a full collection (the soak's leak check); it answers its memory. */
type GcRequest = { kind: 'gc'; id: number };
type GcAnswer = { kind: 'memory'; id: number; usage: NodeJS.MemoryUsage };

/**
 * A full garbage collection on demand, so the soak's leak check (tests/load) compares live memory
 * rather than however much garbage the collector had not yet bothered to free.
 */
export function collectGarbage(): NodeJS.MemoryUsage {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage();
}

export interface ServiceProcess {
  readonly name: string;
  /** The port the child reported when it became ready (0 if it serves none). */
  port(): number;
  connected(): boolean;
  /** Sends a message, with a socket that moves to the child. */
  send(message: unknown, socket: Socket, callback: (error: Error | null) => void): void;
  /** A full collection in the child, and its memory right after. */
  collectGarbage(): Promise<NodeJS.MemoryUsage>;
  close(): Promise<void>;
}

/** A child that does not answer a collection request within this long is reported as failing. */
const GC_TIMEOUT_MS = 10_000;

/** A crashed child is started again after this long, not in a tight loop. */
const RESTART_DELAY_MS = 500;

export async function startServiceProcess(name: string, entry: string): Promise<ServiceProcess> {
  let child: ChildProcess | null = null;
  let port = 0;
  let closing = false;
  let nextGc = 0;
  const gcWaiting = new Map<number, (usage: NodeJS.MemoryUsage) => void>();

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      // The gateway's own flags (tsx, heap settings) go to the child too: fork's default.
      const next = fork(entry, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'json' });
      child = next;
      let ready = false;
      next.on('message', (message: ReadyMessage | GcAnswer) => {
        if (message.kind === 'memory') {
          gcWaiting.get(message.id)?.(message.usage);
          gcWaiting.delete(message.id);
          return;
        }
        if (message.kind !== 'ready') return;
        port = message.port;
        ready = true;
        resolve();
      });
      next.on('exit', (code, signal) => {
        if (child === next) child = null;
        if (!ready) {
          reject(new Error(`the ${name} process exited before it was ready (${signal ?? code})`));
          return;
        }
        if (closing) return;
        process.stderr.write(`[${name}] the ${name} process exited (${signal ?? code}); starting it again\n`);
        setTimeout(() => {
          if (!closing) start().catch((error: Error) => process.stderr.write(`[${name}] ${error.message}\n`));
        }, RESTART_DELAY_MS).unref();
      });
    });
  await start();

  return {
    name,
    port: () => port,
    connected: () => child?.connected ?? false,
    send: (message, socket, callback) => {
      if (!child?.connected) {
        callback(new Error(`the ${name} process is not running`));
        return;
      }
      child.send(message as object, socket, callback);
    },
    collectGarbage: () =>
      new Promise((resolve, reject) => {
        if (!child?.connected) {
          reject(new Error(`the ${name} process is not running`));
          return;
        }
        const id = ++nextGc;
        const timer = setTimeout(() => {
          gcWaiting.delete(id);
          reject(new Error(`the ${name} process did not answer a collection request`));
        }, GC_TIMEOUT_MS);
        gcWaiting.set(id, (usage) => {
          clearTimeout(timer);
          resolve(usage);
        });
        const request: GcRequest = { kind: 'gc', id };
        child.send(request);
      }),
    close: async () => {
      closing = true;
      const running = child as ChildProcess | null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
  };
}

/**
 * In the child: says it is ready, answers collection requests, and stops with the gateway (signals,
 * or a closed IPC channel).
 */
export function serveAsChild(port: number, shutdown: () => Promise<void>): void {
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void shutdown().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  process.on('message', (message: GcRequest) => {
    if (message.kind !== 'gc') return;
    const answer: GcAnswer = { kind: 'memory', id: message.id, usage: collectGarbage() };
    process.send?.(answer);
  });
  const ready: ReadyMessage = { kind: 'ready', port };
  process.send?.(ready);
}
