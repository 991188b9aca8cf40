/** The stand-ins' own page (`/` and `/__dev`): what the outside services would have seen. */
import { escapeHtml, page } from './http.ts';
import type { PushSink } from './push.ts';
import type { WebPushService } from './webpush.ts';
import { formatAmount, type StripeStore } from './stripe/store.ts';

export interface GeocodeLogEntry {
  at: string;
  address: string;
  status: string;
  formatted?: string;
  location?: { lat: number; lng: number };
}

function table(caption: string, headers: string[], rows: string[][], empty: string): string {
  if (!rows.length) return `<h2>${escapeHtml(caption)}</h2><p>${escapeHtml(empty)}</p>`;
  const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<h2>${escapeHtml(caption)}</h2><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

const code = (value: unknown): string => `<code>${escapeHtml(value)}</code>`;
const time = (seconds: number): string => escapeHtml(new Date(seconds * 1000).toISOString().replace('.000Z', 'Z'));

export function renderDevPage(
  pushes: PushSink,
  webPush: WebPushService,
  stripe: StripeStore,
  geocodes: GeocodeLogEntry[],
  webhook: { url: string },
): string {
  const pushRows = pushes
    .list()
    .map((p) => [
      escapeHtml(p.receivedAt),
      code(p.to),
      escapeHtml(p.title ?? ''),
      escapeHtml(p.body ?? ''),
      code(p.data === undefined ? '' : JSON.stringify(p.data)),
      escapeHtml(p.status === 'ok' ? 'ok' : (p.error ?? 'error')),
    ]);
  const webPushRows = webPush.list().map((p) => {
    const payload = p.payload as { title?: unknown; body?: unknown } | null;
    return [
      escapeHtml(p.receivedAt),
      code(p.endpointId),
      escapeHtml(typeof payload?.title === 'string' ? payload.title : ''),
      escapeHtml(typeof payload?.body === 'string' ? payload.body : ''),
      code(JSON.stringify(p.payload)),
      escapeHtml(`${p.ttl} s / ${p.urgency}`),
    ];
  });
  const customerRows = [...stripe.customers.values()]
    .reverse()
    .map((c) => [
      code(c.id),
      escapeHtml(c.email ?? ''),
      escapeHtml(c.name ?? ''),
      code(JSON.stringify(c.metadata)),
      time(c.created),
    ]);
  const sessionRows = [...stripe.sessions.values()]
    .reverse()
    .map((s) => [
      code(s.id),
      escapeHtml(`${s.status} / ${s.payment_status}`),
      escapeHtml(formatAmount(s.amount_total, s.currency)),
      code(s.customer ?? s.customer_email ?? ''),
      code(s.client_reference_id ?? ''),
      code(s.subscription ?? ''),
      s.status === 'open' ? `<a href="/checkout/${escapeHtml(s.id)}">Open checkout</a>` : '',
    ]);
  const subscriptionRows = [...stripe.subscriptions.values()]
    .reverse()
    .map((s) => [code(s.id), code(s.customer), escapeHtml(s.status), time(s.created)]);
  const eventRows = [...stripe.events]
    .reverse()
    .map((e) => [code(e.id), escapeHtml(e.type), time(e.created), code((e.data.object as { id?: string }).id ?? '')]);
  const deliveryRows = [...stripe.deliveries]
    .reverse()
    .map((d) => [
      escapeHtml(d.attemptedAt),
      escapeHtml(d.eventType),
      code(d.url),
      escapeHtml(d.status ?? d.error ?? ''),
      escapeHtml(d.ok ? 'delivered' : 'failed'),
      code(d.responseBody ?? ''),
    ]);
  const geocodeRows = [...geocodes]
    .reverse()
    .map((g) => [
      escapeHtml(g.at),
      escapeHtml(g.address),
      escapeHtml(g.status),
      escapeHtml(g.formatted ?? ''),
      escapeHtml(g.location ? `${g.location.lat}, ${g.location.lng}` : ''),
    ]);

  return page(
    'Local stand-ins',
    `<h1>Local stand-ins for outside services</h1>
<p>Geocoding (<code>/maps/api/geocode/json</code>), Stripe (<code>/v1</code>, hosted checkout and portal), Expo push (<code>/--/api/v2/push/send</code>), Web Push (<code>/webpush/subscribe</code>, <code>/webpush/send/&lt;id&gt;</code>: VAPID checked, aes128gcm decrypted; ${escapeHtml(webPush.subscriptions.size)} subscriptions). State lives in memory. Webhooks go to ${code(webhook.url)}.</p>
<p>JSON: <a href="/__dev/pushes">pushes</a>, <a href="/webpush/pushes">web pushes</a>, <a href="/__dev/stripe/events">Stripe events</a>, <a href="/__dev/stripe/deliveries">webhook deliveries</a>, <a href="/__dev/geocode">geocoding requests</a>.</p>
${table('Push notifications', ['Received', 'To', 'Title', 'Body', 'Data', 'Ticket'], pushRows, 'No push notifications yet.')}
${table('Web pushes (decrypted)', ['Received', 'Subscription', 'Title', 'Body', 'Payload', 'TTL / urgency'], webPushRows, 'No web pushes yet.')}
${table('Stripe customers', ['Id', 'Email', 'Name', 'Metadata', 'Created'], customerRows, 'No customers yet.')}
${table('Checkout sessions', ['Id', 'Status', 'Amount', 'Customer', 'Client reference', 'Subscription', ''], sessionRows, 'No checkout sessions yet.')}
${table('Subscriptions', ['Id', 'Customer', 'Status', 'Created'], subscriptionRows, 'No subscriptions yet.')}
${table('Stripe events', ['Id', 'Type', 'Created', 'Object'], eventRows, 'No events yet.')}
${table('Webhook deliveries', ['Attempted', 'Event', 'Endpoint', 'Status', 'Result', 'Response'], deliveryRows, 'No webhook deliveries yet.')}
${table('Geocoding requests', ['At', 'Address', 'Status', 'Result', 'Location'], geocodeRows, 'No geocoding requests yet.')}`,
  );
}
