/**
 * The mail catcher `npm start` runs on the port `supabase start` gives it (54324): SMTP in on its
 * own port (54325), and over HTTP a page listing what was caught plus a JSON API for tests, in the
 * shape of Mailpit's (`/api/v1/messages`, `/api/v1/message/:id`, `/api/v1/search?query=`).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { renderInbox, renderMessage } from './pages.ts';
import { startSmtpServer } from './smtp-server.ts';
import { MailStore, type CaughtMessage } from './store.ts';

export interface MailCatcher {
  url: string;
  port: number;
  smtpPort: number;
  store: MailStore;
  close(): Promise<void>;
}

const summary = (m: CaughtMessage) => ({ id: m.id, from: m.from, to: m.to, subject: m.subject, date: m.date });

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, html: string): void {
  // The page shows senders' HTML in a sandboxed iframe; nothing of it runs with the page's origin.
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src data:",
  });
  res.end(html);
}

function handle(store: MailStore, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://catcher');
  const method = req.method ?? 'GET';
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (method === 'GET' && path === '/') return sendHtml(res, renderInbox(store.list()));
  if (method === 'GET' && path === '/api/v1/messages') {
    return sendJson(res, 200, { total: store.list().length, messages: store.list() });
  }
  if (method === 'DELETE' && path === '/api/v1/messages') {
    store.clear();
    return sendJson(res, 200, { ok: true });
  }
  if (method === 'GET' && path === '/api/v1/search') {
    const found = store.to(url.searchParams.get('query') ?? '');
    return sendJson(res, 200, { total: found.length, messages: found });
  }
  const one = /^\/(?:api\/v1\/message|message)\/([^/]+)(\/html)?$/.exec(path);
  if (method === 'GET' && one?.[1]) {
    const message = store.get(one[1]);
    if (!message) return sendJson(res, 404, { error: 'No such message' });
    if (path.startsWith('/api/')) return sendJson(res, 200, message);
    if (one[2]) {
      // The message's own HTML, framed by the message page (sandboxed there: no scripts, no same origin).
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "script-src 'none'",
      });
      res.end(message.html);
      return;
    }
    return sendHtml(res, renderMessage(message));
  }
  if (method === 'GET' && path === '/api/v1/summary') return sendJson(res, 200, store.list().map(summary));
  sendJson(res, 404, { error: 'Not found' });
}

/** A clear sentence for a port another process holds (a second stack started on the default ports). */
function portInUse(error: unknown, port: number, variable: string): Error {
  if ((error as { code?: unknown }).code !== 'EADDRINUSE') return error as Error;
  return new Error(`mail catcher: port ${port} is in use (another stack running?); set ${variable} to a free port`);
}

export async function startMailCatcher(options: {
  port: number;
  smtpPort: number;
  host: string;
}): Promise<MailCatcher> {
  const store = new MailStore();
  const smtp = await startSmtpServer(store, options.smtpPort, options.host).catch((error: unknown) => {
    throw portInUse(error, options.smtpPort, 'STACK_SMTP_PORT');
  });
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => handle(store, req, res));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => {
      void smtp.close();
      reject(portInUse(error, options.port, 'STACK_MAIL_PORT'));
    });
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${options.host}:${port}`,
    port,
    smtpPort: smtp.port,
    store,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), smtp.close()]);
    },
  };
}
