/**
 * The gateway's side of the Realtime process (realtime/process.ts): hands it WebSocket upgrades
 * with their sockets and proxies the broadcast REST API to it.
 */
import http, { type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { config } from '../config.ts';
import type { Service } from '../gateway/server.ts';
import { HttpError } from '../gateway/http.ts';
import { startServiceProcess, type ServiceProcess } from '../gateway/service-process.ts';

export type UpgradeMessage = {
  kind: 'upgrade';
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** Bytes the gateway read past the request head, base64. */
  head: string;
};

export interface RealtimeChild {
  /** The process itself (its memory, for the soak's leak check). */
  process: ServiceProcess;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The broadcast REST API under /realtime/v1. */
  service: Service;
  close(): Promise<void>;
}

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'process.ts');
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding'];
const restarting = (): HttpError => new HttpError(503, { message: 'Realtime is restarting. Please try again.' });

export async function startRealtimeChild(): Promise<RealtimeChild> {
  const child = await startServiceProcess('realtime', ENTRY);

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (!child.connected()) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    const message: UpgradeMessage = {
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
      if (!child.connected() || child.port() === 0) {
        reject(restarting());
        return;
      }
      const upstream = http.request(
        {
          host: config.host,
          port: child.port(),
          method: req.method,
          path: `${url.pathname}${url.search}`,
          headers: req.headers,
        },
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
      upstream.on('error', () => reject(restarting()));
      req.pipe(upstream);
    });

  return { process: child, handleUpgrade, service, close: () => child.close() };
}
