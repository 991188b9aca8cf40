/**
 * The Realtime service in a process of its own, as Supabase runs Realtime beside its API gateway.
 * Under load the gateway's single event loop was busy all the time (REST, Auth, functions, stand-ins)
 * and every change waited in it twice, on the way in from the replication stream and on the way out
 * to the sockets; here WAL decoding, the RLS batches and the socket writes have their own loop.
 *
 * The gateway hands each WebSocket upgrade over with its socket (IPC, see realtime/child.ts), so
 * frames never pass through the gateway; the broadcast REST API is proxied to the HTTP port this
 * process opens on loopback.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { config } from '../config.ts';
import { createAdminPool } from '../db/pool.ts';
import { createGateway } from '../gateway/server.ts';
import { serveAsChild } from '../gateway/service-process.ts';
import { createRealtimeService } from './service.ts';
import type { UpgradeMessage } from './child.ts';

const adminPool = createAdminPool(2);
const realtime = await createRealtimeService({ adminPool });
const server = createGateway(
  [{ prefix: '/realtime/v1', service: realtime.service, requiresApikey: true }],
  [{ path: '/realtime/v1/websocket', handleUpgrade: realtime.handleUpgrade }],
);

process.on('message', (message: UpgradeMessage, socket?: Socket) => {
  if (message.kind !== 'upgrade' || !socket) return;
  // What ws and the service read of the request the gateway parsed.
  const req = { method: message.method, url: message.url, headers: message.headers } as IncomingMessage;
  server.emit('upgrade', req, socket, Buffer.from(message.head, 'base64'));
});

server.listen(0, config.host, () => {
  serveAsChild((server.address() as AddressInfo).port, async () => {
    server.close();
    server.closeAllConnections();
    await Promise.allSettled([realtime.close(), adminPool.end()]);
  });
});
