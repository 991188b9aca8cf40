/**
 * A service of the local stack in a process of its own, started and watched by the gateway: the
 * gateway's single event loop then no longer carries its work (see docs/local-stack.md). The child
 * reports `{ kind: 'ready', port }` over IPC once it serves; if it dies it is started again, and it
 * stops with the gateway (a child also exits when its IPC channel closes, so a killed gateway
 * leaves nothing behind: see `exitWithParent`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';

export type ReadyMessage = { kind: 'ready'; port: number };

export interface ServiceProcess {
  /** The port the child reported when it became ready (0 if it serves none). */
  port(): number;
  connected(): boolean;
  /** Sends a message, with a socket that moves to the child. */
  send(message: unknown, socket: Socket, callback: (error: Error | null) => void): void;
  close(): Promise<void>;
}

/** A crashed child is started again after this long, not in a tight loop. */
const RESTART_DELAY_MS = 500;

export async function startServiceProcess(name: string, entry: string): Promise<ServiceProcess> {
  let child: ChildProcess | null = null;
  let port = 0;
  let closing = false;

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      // The gateway's own flags (tsx, heap settings) go to the child too: fork's default.
      const next = fork(entry, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'json' });
      child = next;
      let ready = false;
      next.on('message', (message: ReadyMessage) => {
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
    port: () => port,
    connected: () => child?.connected ?? false,
    send: (message, socket, callback) => {
      if (!child?.connected) {
        callback(new Error(`the ${name} process is not running`));
        return;
      }
      child.send(message as object, socket, callback);
    },
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

/** In the child: says it is ready, and stops with the gateway (signals, or a closed IPC channel). */
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
  const ready: ReadyMessage = { kind: 'ready', port };
  process.send?.(ready);
}
