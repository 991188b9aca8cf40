/**
 * Stand-ins for the outside services (geocoding, Stripe, push, a scripted model), on their own
 * port. Each answers on the same paths and in the same shape as the real service, so edge functions
 * differ from production only in a base URL and a key. See `env.ts` for the variables that point
 * them here.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { config } from '../config.ts';
import { renderDevPage, type GeocodeLogEntry } from './dev-page.ts';
import { geocode } from './geocode.ts';
import { BodyTooLargeError, sendHtml, sendJson } from './http.ts';
import { ScriptedModel } from './model.ts';
import { PushSink } from './push.ts';
import { WebPushService } from './webpush.ts';
import { handleStripeApi, type StripeContext } from './stripe/api.ts';
import { StripeApiError } from './stripe/form.ts';
import { cancelFromPortal, payCheckout, showCheckout, showPortal } from './stripe/pages.ts';
import { StripeStore } from './stripe/store.ts';
import { DEFAULT_WEBHOOK_SECRET, type WebhookTarget } from './stripe/webhooks.ts';
import { envFilePath, readEnvFile } from '../functions/registry.ts';

export interface StandinsOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Where webhooks go; read at each delivery so tests and developers can change it on the fly. */
  webhookTarget?: () => WebhookTarget;
}

export interface StandinsServer {
  url: string;
  port: number;
  stripe: StripeStore;
  pushes: PushSink;
  webPush: WebPushService;
  model: ScriptedModel;
  close(): Promise<void>;
}

/**
 * STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET, else the local stack's `stripe-webhook` function
 * and the secret the functions themselves are given (their env file), so the signature the
 * stand-in makes is the one the webhook function verifies.
 */
export function webhookTargetFromEnv(): WebhookTarget {
  const functionsSecret = readEnvFile(envFilePath()).STRIPE_WEBHOOK_SECRET;
  return {
    url: process.env.STRIPE_WEBHOOK_URL || `http://${config.host}:${config.apiPort}/functions/v1/stripe-webhook`,
    secret: process.env.STRIPE_WEBHOOK_SECRET || functionsSecret || DEFAULT_WEBHOOK_SECRET,
  };
}

const GEOCODE_LOG_SIZE = 100;

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, content-type, content-encoding, accept, accept-encoding, stripe-version, idempotency-key, ttl, urgency, topic',
};

export async function createStandinsServer(options: StandinsOptions = {}): Promise<StandinsServer> {
  const host = options.host ?? config.host;
  const stripe = new StripeStore();
  const pushes = new PushSink();
  const webPush = new WebPushService();
  const model = new ScriptedModel();
  const geocodes: GeocodeLogEntry[] = [];
  const webhookTarget = options.webhookTarget ?? webhookTargetFromEnv;
  const ctx: StripeContext = { store: stripe, baseUrl: '', webhookTarget };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', ctx.baseUrl);
    const method = req.method ?? 'GET';
    const path = url.pathname;

    if (method === 'OPTIONS') {
      res.writeHead(204, { ...CORS_HEADERS, 'Access-Control-Max-Age': '600' });
      res.end();
      return;
    }
    if (path.startsWith('/v1/')) return handleStripeApi(ctx, req, res, url);
    if (await model.handle(req, res, path, method)) return;

    if (path === '/maps/api/geocode/json' && method === 'GET') {
      const answer = geocode(url.searchParams);
      const first = answer.status === 'OK' ? answer.results[0] : undefined;
      geocodes.push({
        at: new Date().toISOString(),
        address: url.searchParams.get('address') ?? '',
        status: answer.status,
        formatted: first?.formatted_address,
        location: first?.geometry.location,
      });
      if (geocodes.length > GEOCODE_LOG_SIZE) geocodes.shift();
      sendJson(res, 200, answer, CORS_HEADERS);
      return;
    }

    if (path === '/--/api/v2/push/send' && method === 'POST') return pushes.handleSend(req, res);
    if (path === '/--/api/v2/push/getReceipts' && method === 'POST') return pushes.handleReceipts(req, res);

    if (path === '/webpush/subscribe' && method === 'POST') {
      return sendJson(res, 201, webPush.subscribe(ctx.baseUrl), CORS_HEADERS);
    }
    const webPushSend = /^\/webpush\/send\/([^/]+)$/.exec(path);
    if (webPushSend?.[1] && method === 'POST') {
      return webPush.handleSend(req, res, decodeURIComponent(webPushSend[1]), ctx.baseUrl);
    }
    const webPushSubscription = /^\/webpush\/subscriptions\/([^/]+)$/.exec(path);
    if (webPushSubscription?.[1] && method === 'DELETE') {
      const removed = webPush.unsubscribe(decodeURIComponent(webPushSubscription[1]));
      return sendJson(res, removed ? 200 : 404, { removed }, CORS_HEADERS);
    }
    if (path === '/webpush/pushes') {
      if (method === 'GET') return sendJson(res, 200, webPush.list(url.searchParams.get('endpoint')), CORS_HEADERS);
      if (method === 'DELETE') {
        webPush.clear();
        return sendJson(res, 200, { cleared: true }, CORS_HEADERS);
      }
    }

    const checkout = /^\/checkout\/([^/]+)$/.exec(path);
    if (checkout?.[1]) {
      const id = decodeURIComponent(checkout[1]);
      if (method === 'GET') return showCheckout(ctx, res, id);
      if (method === 'POST') return payCheckout(ctx, req, res, id);
    }
    const billing = /^\/billing\/([^/]+)(\/cancel)?$/.exec(path);
    if (billing?.[1]) {
      const id = decodeURIComponent(billing[1]);
      if (method === 'GET' && !billing[2]) {
        const notice =
          url.searchParams.get('notice') === 'canceled' ? 'Your subscription has been canceled.' : undefined;
        return showPortal(ctx, res, id, notice);
      }
      if (method === 'POST' && billing[2]) return cancelFromPortal(ctx, req, res, id);
    }

    if ((path === '/' || path === '/__dev') && method === 'GET') {
      sendHtml(res, 200, renderDevPage(pushes, webPush, stripe, geocodes, webhookTarget()));
      return;
    }
    if (path === '/__dev/health' && method === 'GET') return sendJson(res, 200, { ok: true });
    if (path === '/__dev/pushes') {
      if (method === 'GET') {
        const since = url.searchParams.get('since');
        if (since !== null && Number.isNaN(Date.parse(since))) {
          return sendJson(res, 400, {
            error: { code: 'invalid_since', message: 'since must be an ISO date and time' },
          });
        }
        return sendJson(res, 200, since === null ? pushes.list() : pushes.listSince(new Date(since).toISOString()));
      }
      if (method === 'DELETE') {
        pushes.clear();
        return sendJson(res, 200, { cleared: true });
      }
    }
    if (path === '/__dev/geocode' && method === 'GET') return sendJson(res, 200, [...geocodes].reverse());
    if (path === '/__dev/stripe/events' && method === 'GET') return sendJson(res, 200, [...stripe.events].reverse());
    if (path === '/__dev/stripe/deliveries' && method === 'GET') {
      return sendJson(res, 200, [...stripe.deliveries].reverse());
    }
    if (path === '/__dev/stripe') {
      if (method === 'GET') {
        return sendJson(res, 200, {
          customers: [...stripe.customers.values()],
          checkoutSessions: [...stripe.sessions.values()],
          subscriptions: [...stripe.subscriptions.values()],
          portalSessions: [...stripe.portalSessions.values()],
          events: [...stripe.events].reverse(),
          deliveries: [...stripe.deliveries].reverse(),
        });
      }
      if (method === 'DELETE') {
        stripe.reset();
        return sendJson(res, 200, { cleared: true });
      }
    }
    sendJson(res, 404, { error: { code: 'not_found', message: `No stand-in answers ${method} ${path}` } });
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof BodyTooLargeError) {
        sendJson(res, 413, { error: { code: 'payload_too_large', message: error.message } });
      } else if (error instanceof StripeApiError) {
        sendJson(res, error.status, error.toJSON());
      } else {
        process.stderr.write(`standins: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        sendJson(res, 500, { error: { code: 'internal_error', message: 'The stand-in failed; see the gateway log.' } });
      }
    });
  });
  // Longer than the functions' fetch keeps an idle connection (as the gateway does): with Node's
  // default 5 s, a function reusing a connection the server was closing at that moment lost its
  // request and waited out its own 5 s upstream timeout (a geocode answered 502 now and then).
  server.keepAliveTimeout = 65_000;
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new Error(
            `stand-ins: port ${options.port ?? config.standinsPort} on ${host} is in use (another stack running?); set STACK_STANDINS_PORT to a free port`,
          ),
        );
      } else reject(error);
    };
    server.once('error', onError);
    server.listen(options.port ?? config.standinsPort, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  ctx.baseUrl = `http://${host}:${port}`;

  return {
    url: ctx.baseUrl,
    port,
    stripe,
    pushes,
    webPush,
    model,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** Started by the gateway process on `config.standinsPort`. */
export async function startStandins(): Promise<{ url: string; close(): Promise<void> }> {
  const standins = await createStandinsServer({ port: config.standinsPort });
  return { url: standins.url, close: standins.close };
}
