/**
 * The gateway's side of the Realtime process (realtime/process.ts): starts it, hands it WebSocket
 * upgrades with their sockets, proxies the broadcast REST API to it, and starts it again if it dies.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http, { type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { config } from '../config.ts';
import type { Service } from '../gateway/server.ts';
import { HttpError } from '../gateway/http.ts';

export type ParentMessage = {
  kind: 'upgrade';
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** Bytes the gateway read past the request head, base64. */
  head: string;
};
export type ChildMessage = { kind: 'ready'; port: number };

export interface RealtimeChild {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The broadcast REST API under /realtime/v1. */
  service: Service;
  close(): Promise<void>;
}

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'process.ts');
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding'];
/** A crashed Realtime process is started again after this long, not in a tight loop. */
const RESTART_DELAY_MS = 500;

export async function startRealtimeChild(): Promise<RealtimeChild> {
  let child: ChildProcess | null = null;
  let port = 0;
  let closing = false;

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      // The gateway's own flags (tsx, heap settings) go to the child too: fork's default.
      const next = fork(ENTRY, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'json' });
      child = next;
      let ready = false;
      next.on('message', (message: ChildMessage) => {
        if (message.kind !== 'ready') return;
        port = message.port;
        ready = true;
        resolve();
      });
      next.on('exit', (code, signal) => {
        if (child === next) child = null;
        if (!ready) {
          reject(new Error(`the Realtime process exited before it was ready (${signal ?? code})`));
          return;
        }
        if (closing) return;
        process.stderr.write(`[realtime] the Realtime process exited (${signal ?? code}); starting it again\n`);
        setTimeout(() => {
          if (!closing) start().catch((error: Error) => process.stderr.write(`[realtime] ${error.message}\n`));
        }, RESTART_DELAY_MS).unref();
      });
    });
  await start();

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (!child?.connected) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    const message: ParentMessage = {
      kind: 'upgrade',
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      head: head.toString('base64'),
    };
    // The socket itself moves to the Realtime process. Node closes the gateway's copy only once the
    // child has acknowledged it, and until then that copy would still read, and drop, what the
    // client sends after the Realtime process has answered the handshake: stop it reading first.
    (socket as unknown as { _handle?: { readStop?: () => number } })._handle?.readStop?.();
    child.send(message, socket as Socket, (error) => {
      if (error) socket.destroy();
    });
  }

  const service: Service = ({ req, res, url }) =>
    new Promise((resolve, reject) => {
      if (!child?.connected || port === 0) {
        reject(new HttpError(503, { message: 'Realtime is restarting. Please try again.' }));
        return;
      }
      const upstream = http.request(
        { host: config.host, port, method: req.method, path: `${url.pathname}${url.search}`, headers: req.headers },
        (answer) => {
          // The gateway already set its CORS headers; the Realtime process's own go with the rest,
          // except the ones about the hop between the two.
          const headers = { ...answer.headers };
          for (const name of HOP_BY_HOP) delete headers[name];
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          answer.on('end', resolve);
          answer.on('error', reject);
        },
      );
      upstream.on('error', () => reject(new HttpError(503, { message: 'Realtime is restarting. Please try again.' })));
      req.pipe(upstream);
    });

  return {
    handleUpgrade,
    service,
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
