import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Deps, Service } from '../gateway/server.ts';
import { HttpError } from '../gateway/http.ts';

export interface RealtimeService {
  /** Handles a WebSocket upgrade at /realtime/v1/websocket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** HTTP routes under /realtime/v1 (the broadcast REST API). */
  service: Service;
  close(): Promise<void>;
}

export async function createRealtimeService(_deps: Deps): Promise<RealtimeService> {
  return {
    handleUpgrade: (_req, socket) => socket.destroy(),
    service: async () => {
      throw new HttpError(501, { message: 'realtime not built yet' });
    },
    close: async () => undefined,
  };
}
