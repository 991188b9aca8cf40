/**
 * The hosted pages a Stripe customer sees: Checkout (`/checkout/:id`), where a test card pays
 * and the signed webhooks go out, and the customer portal (`/billing/:id`). Plain HTML forms,
 * no script, labelled fields, so people and browser tests use them the same way.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, page, randomId, readBody, redirect, sendHtml } from '../http.ts';
import { cancelSubscription, type StripeContext } from './api.ts';
import { parseForm } from './form.ts';
import { formatAmount, type CheckoutSession, type StripeEvent, type WebhookDelivery } from './store.ts';
import { deliverAll } from './webhooks.ts';

/** Stripe's test cards this stand-in knows; every other number is invalid. */
const TEST_CARDS: Record<string, { brand: string; decline?: string }> = {
  '4242424242424242': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '4000000000000002': { brand: 'visa', decline: 'Your card was declined.' },
  '4000000000009995': { brand: 'visa', decline: 'Your card has insufficient funds.' },
  '4000000000000069': { brand: 'visa', decline: 'Your card has expired.' },
  '4000000000000127': { brand: 'visa', decline: "Your card's security code is incorrect." },
};

interface CardFields {
  email?: string;
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

function sessionEmail(ctx: StripeContext, session: CheckoutSession): string | null {
  if (session.customer) return ctx.store.customers.get(session.customer)?.email ?? null;
  return session.customer_email;
}

function checkoutForm(ctx: StripeContext, session: CheckoutSession, error?: string, fields: CardFields = {}): string {
  const items = ctx.store.lineItems.get(session.id) ?? [];
  const knownEmail = sessionEmail(ctx, session);
  const amount = formatAmount(session.amount_total, session.currency);
  const per = session.mode === 'subscription' ? ' per month' : '';
  const rows = items
    .map(
      (item) =>
        `<li>${escapeHtml(item.description)} × ${escapeHtml(item.quantity)}: ${escapeHtml(formatAmount(item.amount_total, item.currency))}${escapeHtml(per)}</li>`,
    )
    .join('');
  const emailField = knownEmail
    ? `<p>Paying as <strong>${escapeHtml(knownEmail)}</strong></p>`
    : `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(fields.email ?? '')}">`;
  const cancel = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and return</a></p>` : '';
  return page(
    `Pay ${amount}${per}`,
    `<p><span class="badge">TEST MODE</span> Local Stripe stand-in</p>
<h1>Subscribe to CareCover Premium</h1>
<p id="amount"><strong>${escapeHtml(amount)}</strong>${escapeHtml(per)}</p>
<ul>${rows}</ul>
${error ? `<div role="alert" id="card-errors">${escapeHtml(error)}</div>` : ''}
<form method="post" action="/checkout/${escapeHtml(session.id)}" novalidate>
${emailField}
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row">
<div><label for="card-expiry">Expiry date (MM / YY)</label>
<input id="card-expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required value="${escapeHtml(fields.expiry ?? '')}"></div>
<div><label for="card-cvc">CVC</label>
<input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></div>
</div>
<label for="billing-name">Name on card</label>
<input id="billing-name" name="name" autocomplete="cc-name" value="${escapeHtml(fields.name ?? '')}">
<button type="submit">Pay</button>
</form>
${cancel}
<p><small>Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Any future expiry date and any CVC.</small></p>`,
  );
}

function messagePage(title: string, body: string): string {
  return page(
    title,
    `<p><span class="badge">TEST MODE</span> Local Stripe stand-in</p><h1>${escapeHtml(title)}</h1>${body}`,
  );
}

/** Returns an error message in Stripe Checkout's words, or undefined when the card details pass. */
function validateCard(fields: CardFields, needsEmail: boolean): string | undefined {
  if (needsEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email ?? '')) return 'Your email address is invalid.';
  const number = (fields.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!number) return 'Your card number is incomplete.';
  if (!TEST_CARDS[number]) return 'Your card number is invalid.';
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(fields.expiry ?? '');
  if (!expiry?.[1] || !expiry[2]) return "Your card's expiration date is incomplete.";
  const month = Number(expiry[1]);
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return "Your card's expiration date is invalid.";
  const now = new Date();
  if (year < now.getUTCFullYear()) return "Your card's expiration year is in the past.";
  if (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    return "Your card's expiration date is in the past.";
  if (!/^\d{3,4}$/.test((fields.cvc ?? '').trim())) return "Your card's security code is incomplete.";
  return undefined;
}

function successUrl(session: CheckoutSession): string | null {
  return session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null;
}

function deliveryNote(deliveries: WebhookDelivery[]): string {
  const failed = deliveries.filter((d) => !d.ok);
  if (!failed.length) return '';
  const items = failed
    .map(
      (d) =>
        `<li><code>${escapeHtml(d.eventType)}</code> to <code>${escapeHtml(d.url)}</code>: ${
          d.status
            ? `HTTP ${escapeHtml(d.status)} <code>${escapeHtml(d.responseBody ?? '')}</code>`
            : escapeHtml(d.error ?? 'no answer')
        }</li>`,
    )
    .join('');
  return `<div role="alert"><p>The payment went through, but the webhook could not be delivered:</p><ul>${items}</ul>
<p>Check STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET, and the webhook function's log. Every attempt is listed on the <a href="/__dev">stand-ins page</a>.</p></div>`;
}

/** `GET /checkout/:id` */
export function showCheckout(ctx: StripeContext, res: ServerResponse, id: string): void {
  const session = ctx.store.sessions.get(id);
  if (!session) {
    sendHtml(
      res,
      404,
      messagePage(
        'Checkout session not found',
        `<p>No checkout session <code>${escapeHtml(id)}</code> exists on this local stand-in. Sessions live in memory and vanish when the stack restarts.</p>`,
      ),
    );
    return;
  }
  if (session.status === 'complete') {
    const next = successUrl(session);
    sendHtml(
      res,
      200,
      messagePage('This payment is complete', next ? `<p><a href="${escapeHtml(next)}">Continue</a></p>` : ''),
    );
    return;
  }
  if (session.status === 'expired' || session.expires_at < Date.now() / 1000) {
    sendHtml(
      res,
      410,
      messagePage(
        'This checkout session has expired',
        session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Return</a></p>` : '',
      ),
    );
    return;
  }
  sendHtml(res, 200, checkoutForm(ctx, session));
}

/** `POST /checkout/:id`: the Pay button. */
export async function payCheckout(
  ctx: StripeContext,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
): Promise<void> {
  const session = ctx.store.sessions.get(id);
  if (!session || session.status !== 'open' || session.expires_at < Date.now() / 1000) {
    showCheckout(ctx, res, id);
    return;
  }
  const form = parseForm(await readBody(req));
  const field = (key: string): string | undefined =>
    typeof form[key] === 'string' ? (form[key] as string) : undefined;
  const fields: CardFields = {
    email: field('email')?.trim(),
    cardNumber: field('cardNumber'),
    expiry: field('expiry'),
    cvc: field('cvc'),
    name: field('name')?.trim(),
  };
  const knownEmail = sessionEmail(ctx, session);
  const error = validateCard(fields, !knownEmail);
  if (error) {
    sendHtml(res, 200, checkoutForm(ctx, session, error, fields));
    return;
  }
  const card = TEST_CARDS[(fields.cardNumber ?? '').replace(/[\s-]/g, '')];
  if (card?.decline) {
    sendHtml(res, 200, checkoutForm(ctx, session, card.decline, fields));
    return;
  }

  const email = knownEmail ?? fields.email ?? null;
  const events: StripeEvent[] = [];
  let customerId = session.customer;
  if (!customerId) {
    const customer = ctx.store.createCustomer({ email, name: fields.name || null });
    customerId = customer.id;
    events.push(ctx.store.createEvent('customer.created', customer));
  }
  const paymentMethod = randomId('pm_');
  const customer = ctx.store.customers.get(customerId);
  if (customer) customer.invoice_settings.default_payment_method = paymentMethod;
  session.customer = customerId;
  session.customer_details = {
    address: null,
    email,
    name: fields.name || null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  session.status = 'complete';
  session.payment_status = 'paid';
  session.url = null;
  if (session.mode === 'subscription') {
    const subscription = ctx.store.createSubscription(session, customerId, paymentMethod);
    session.subscription = subscription.id;
    events.push(ctx.store.createEvent('checkout.session.completed', session));
    events.push(ctx.store.createEvent('customer.subscription.created', subscription));
  } else {
    session.payment_intent = randomId('pi_');
    events.push(ctx.store.createEvent('checkout.session.completed', session));
  }

  // customer.created is recorded for /v1/events but, like most unrelated events, not sent: the
  // product's endpoint listens for the checkout and subscription events only.
  const toSend = events.filter((e) => e.type !== 'customer.created');
  const deliveries = await deliverAll(ctx.store, toSend, ctx.webhookTarget());
  const next = successUrl(session);
  const note = deliveryNote(deliveries);
  if (!note && next) {
    redirect(res, 303, next);
    return;
  }
  sendHtml(
    res,
    200,
    messagePage(
      'Payment complete',
      `<p role="status">Your payment of ${escapeHtml(formatAmount(session.amount_total, session.currency))} was accepted.</p>${note}${
        next ? `<p><a href="${escapeHtml(next)}">Continue</a></p>` : ''
      }`,
    ),
  );
}

/** `GET /billing/:id`: the customer portal. */
export function showPortal(ctx: StripeContext, res: ServerResponse, id: string, notice?: string): void {
  const portal = ctx.store.portalSessions.get(id);
  if (!portal) {
    sendHtml(
      res,
      404,
      messagePage(
        'Billing session not found',
        `<p>No billing portal session <code>${escapeHtml(id)}</code> exists on this local stand-in.</p>`,
      ),
    );
    return;
  }
  const customer = ctx.store.customers.get(portal.customer);
  const subscriptions = [...ctx.store.subscriptions.values()].filter((s) => s.customer === portal.customer);
  const rows = subscriptions
    .map((s) => {
      const item = s.items.data[0];
      const amount = item
        ? `${formatAmount(item.price.unit_amount * item.quantity, item.price.currency)} per month`
        : '';
      const renews = new Date(s.current_period_end * 1000).toISOString().slice(0, 10);
      const action =
        s.status === 'active'
          ? `<form method="post" action="/billing/${escapeHtml(portal.id)}/cancel"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}"><button class="secondary" type="submit">Cancel subscription</button></form>`
          : '';
      return `<tr><td><code>${escapeHtml(s.id)}</code></td><td>${escapeHtml(s.status)}</td><td>${escapeHtml(amount)}</td><td>${
        s.status === 'active' ? `Renews ${escapeHtml(renews)}` : ''
      }</td><td>${action}</td></tr>`;
    })
    .join('');
  const back = portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return to CareCover</a></p>` : '';
  sendHtml(
    res,
    200,
    messagePage(
      'Manage your subscription',
      `${notice ? `<div role="status">${escapeHtml(notice)}</div>` : ''}
<p>${escapeHtml(customer?.name ?? '')} ${escapeHtml(customer?.email ?? portal.customer)}</p>
${
  rows
    ? `<table><caption>Subscriptions</caption><thead><tr><th>Subscription</th><th>Status</th><th>Price</th><th>Period</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No subscriptions yet.</p>'
}
${back}`,
    ),
  );
}

/** `POST /billing/:id/cancel` */
export async function cancelFromPortal(
  ctx: StripeContext,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
): Promise<void> {
  const portal = ctx.store.portalSessions.get(id);
  const form = parseForm(await readBody(req));
  const subscription =
    typeof form.subscription === 'string' ? ctx.store.subscriptions.get(form.subscription) : undefined;
  if (!portal || !subscription || subscription.customer !== portal.customer) {
    showPortal(ctx, res, id, 'That subscription was not found.');
    return;
  }
  const event = cancelSubscription(ctx, subscription);
  const deliveries = event ? await deliverAll(ctx.store, [event], ctx.webhookTarget()) : [];
  const failed = deliveries.some((d) => !d.ok);
  if (!failed) {
    redirect(res, 303, `/billing/${encodeURIComponent(id)}?notice=canceled`);
    return;
  }
  showPortal(
    ctx,
    res,
    id,
    'The subscription was canceled, but the webhook could not be delivered (see the stand-ins page).',
  );
}
