/**
 * Webhook delivery as Stripe does it: the event JSON POSTed to the endpoint with a
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` header, so the
 * endpoint's `stripe.webhooks.constructEvent(body, header, secret)` verifies it unchanged.
 */
import { createHmac } from 'node:crypto';
import { nowSeconds, randomId } from '../http.ts';
import type { StripeEvent, StripeStore, WebhookDelivery } from './store.ts';

export const DEFAULT_WEBHOOK_SECRET = 'whsec_local_carecover_test_secret';

export interface WebhookTarget {
  url: string;
  secret: string;
}

export function signPayload(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const DELIVERY_TIMEOUT_MS = 20_000;
const SNIPPET_CHARS = 500;

/** Sends one event and records the attempt; never throws, since the caller is a browser page. */
export async function deliverEvent(
  store: StripeStore,
  event: StripeEvent,
  target: WebhookTarget,
): Promise<WebhookDelivery> {
  const payload = JSON.stringify(event, null, 2);
  const started = Date.now();
  const delivery: WebhookDelivery = {
    id: randomId('whd_', 14),
    eventId: event.id,
    eventType: event.type,
    url: target.url,
    attemptedAt: new Date(started).toISOString(),
    durationMs: 0,
    ok: false,
  };
  try {
    const res = await fetch(target.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'Stripe-Signature': signPayload(payload, target.secret),
      },
      body: payload,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      redirect: 'manual',
    });
    const text = await res.text();
    delivery.status = res.status;
    delivery.ok = res.status >= 200 && res.status < 300;
    delivery.responseBody = text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}…` : text;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    delivery.error = `${error instanceof Error ? error.message : String(error)}${cause}`;
  }
  delivery.durationMs = Date.now() - started;
  event.pending_webhooks = delivery.ok ? 0 : 1;
  store.deliveries.push(delivery);
  return delivery;
}

/** Delivers events one after another, in order, as a handler would expect to see them. */
export async function deliverAll(
  store: StripeStore,
  events: StripeEvent[],
  target: WebhookTarget,
): Promise<WebhookDelivery[]> {
  const out: WebhookDelivery[] = [];
  for (const event of events) out.push(await deliverEvent(store, event, target));
  return out;
}
