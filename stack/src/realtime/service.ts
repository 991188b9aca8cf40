/**
 * The Realtime service: WebSocket endpoint at /realtime/v1/websocket (Phoenix channels, vsn 1.0.0
 * and 2.0.0), the REST broadcast API under /realtime/v1/api, and postgres_changes captured by
 * logical replication (wal2json) and filtered per subscriber with Postgres' own RLS.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { ANON_KEY, SERVICE_ROLE_KEY, dbUrl } from '../config.ts';
import { retryWhileDatabaseUnavailable } from '../db/pool.ts';
import type { Service, ServiceContext } from '../gateway/server.ts';
import { HttpError, readBody, send } from '../gateway/http.ts';
import { checkAccessToken } from './auth.ts';
import { authorizeChannel } from './authorization.ts';
import { ChangeDispatcher, CHECK_CONNECTIONS } from './changes.ts';
import { SLOT_PREFIX, ChangeStream } from './replication.ts';
import { Connection, Hub, UNABLE_TO_CONNECT } from './session.ts';

export interface RealtimeService {
  /** Handles a WebSocket upgrade at /realtime/v1/websocket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** HTTP routes under /realtime/v1 (the broadcast REST API). */
  service: Service;
  close(): Promise<void>;
}

const KNOWN_KEYS = new Set([ANON_KEY, SERVICE_ROLE_KEY]);
/** Phoenix drops sockets that stop sending heartbeats (the client beats every 25 s). */
const IDLE_TIMEOUT_MS = 60_000;

function refuse(socket: Duplex, status: number, reason: string, body: unknown): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

async function applyBootstrap(adminPool: pg.Pool): Promise<void> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap.sql');
  await adminPool.query(await readFile(file, 'utf8'));
  // Slots of ours that are not temporary can only be leftovers: they would hold WAL forever.
  await adminPool.query(
    `select pg_drop_replication_slot(slot_name) from pg_replication_slots
      where slot_name like $1 and not active and not temporary`,
    [`${SLOT_PREFIX}%`],
  );
}

export async function createRealtimeService(deps: { adminPool: pg.Pool }): Promise<RealtimeService> {
  let bootstrapped = false;
  try {
    await retryWhileDatabaseUnavailable(() => applyBootstrap(deps.adminPool));
    bootstrapped = true;
  } catch (error) {
    process.stderr.write(`[realtime] bootstrap failed, postgres_changes disabled: ${String(error)}\n`);
  }

  // Connections of its own, so RLS checks never queue behind other services' work; one per
  // part of a batch's checks that may run at once.
  // search_path=pg_catalog makes pg_get_expr schema-qualify every name in the policies it deparses.
  const checkPool = new pg.Pool({
    connectionString: dbUrl('postgres'),
    max: CHECK_CONNECTIONS,
    application_name: 'stack-realtime',
    options: '-c search_path=pg_catalog',
  });
  checkPool.on('error', () => undefined);
  const dispatcher = new ChangeDispatcher(checkPool);
  const hub = new Hub();
  const connections = new Set<Connection>();
  let capturing = false;
  const stream = new ChangeStream({
    onChange: (change) => dispatcher.push(change),
    onCommit: () => dispatcher.flush(),
    onState: (state, error) => {
      const wasCapturing = capturing;
      capturing = state === 'streaming';
      if (state === 'streaming') return;
      process.stderr.write(`[realtime] replication down, retrying: ${String(error)}\n`);
      // Policies and grants may differ in the database that comes back.
      dispatcher.invalidate();
      if (wasCapturing) for (const connection of connections) connection.failPostgresChanges(UNABLE_TO_CONNECT);
    },
  });
  if (bootstrapped) await stream.start();

  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const idleTimer = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) {
      if (now - connection.lastSeen > IDLE_TIMEOUT_MS) connection.ws.terminate();
    }
  }, 15_000);
  idleTimer.unref();

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const header = req.headers.apikey;
    const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : null);
    if (!apikey) {
      refuse(socket, 401, 'Unauthorized', { message: 'No API key found in request' });
      return;
    }
    if (!KNOWN_KEYS.has(apikey)) {
      refuse(socket, 401, 'Unauthorized', { message: 'Invalid API key' });
      return;
    }
    const vsn = url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new Connection(ws, vsn, {
        hub,
        dispatcher,
        apikey,
        onJoin: async () => dispatcher.invalidate(),
        isCapturing: () => capturing,
        authorize: (claims, topic) => authorizeChannel(checkPool, claims, topic),
      });
      connections.add(connection);
      ws.on('close', () => connections.delete(connection));
    });
  }

  async function broadcastApi(ctx: ServiceContext): Promise<void> {
    const match = /^\/api\/broadcast(?:\/([^/]+)\/events\/([^/]+))?\/?$/.exec(ctx.subpath);
    if (!match) throw new HttpError(404, { message: 'Not found' });
    if (ctx.req.method !== 'POST') throw new HttpError(405, { message: 'Method not allowed' });
    const token = ctx.bearer ?? ctx.apikey ?? '';
    const verified = await checkAccessToken(token);
    if (!verified.ok) throw new HttpError(401, { message: `${verified.code}: ${verified.message}` });
    // Private topics: Realtime Authorization, the caller's write permission on the topic (RLS on
    // realtime.messages); the service role may post anywhere.
    const mayPostPrivate = async (topic: string): Promise<boolean> =>
      (await authorizeChannel(checkPool, verified.claims, topic).catch(() => null))?.write.broadcast ?? false;
    const raw = await readBody(ctx.req);
    const isSingleEvent = match[1] !== undefined && match[2] !== undefined;
    // httpSend() posts an ArrayBuffer or Uint8Array payload as raw bytes; subscribers get it as
    // a binary broadcast, as from a client's binary push.
    const isBinary = isSingleEvent && /^application\/octet-stream\b/i.test(ctx.req.headers['content-type'] ?? '');
    let body: unknown;
    if (isBinary) body = raw;
    else {
      try {
        const text = raw.toString('utf8');
        body = text === '' ? {} : JSON.parse(text);
      } catch {
        throw new HttpError(400, { message: 'Invalid JSON body' });
      }
    }
    const messages: { topic: unknown; event: unknown; payload: unknown; private?: unknown }[] = [];
    if (isSingleEvent && match[1] !== undefined && match[2] !== undefined) {
      messages.push({
        topic: decodeURIComponent(match[1]),
        event: decodeURIComponent(match[2]),
        payload: body,
        private: ctx.url.searchParams.get('private') === 'true',
      });
    } else {
      const list = (body as { messages?: unknown }).messages;
      if (!Array.isArray(list)) throw new HttpError(400, { message: 'messages must be a list' });
      messages.push(...(list as typeof messages));
    }
    for (const m of messages) {
      if (typeof m.topic !== 'string' || typeof m.event !== 'string') {
        throw new HttpError(400, { message: 'Each message needs a topic and an event' });
      }
    }
    for (const m of messages) {
      const isPrivate = m.private === true;
      const topic = String(m.topic).replace(/^realtime:/, '');
      if (isPrivate && !(await mayPostPrivate(topic))) continue;
      hub.broadcast(
        `${isPrivate ? 'private' : 'public'}:${topic}`,
        { type: 'broadcast', event: m.event, payload: m.payload ?? {} },
        null,
      );
    }
    send(ctx.res, 202, null);
  }

  return {
    handleUpgrade,
    service: broadcastApi,
    close: async () => {
      clearInterval(idleTimer);
      dispatcher.close();
      for (const connection of connections) connection.ws.terminate();
      wss.close();
      await stream.stop();
      await checkPool.end().catch(() => undefined);
    },
  };
}
