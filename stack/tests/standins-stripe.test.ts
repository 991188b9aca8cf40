/**
 * The Stripe stand-in, driven by the official `stripe` SDK, and its hosted checkout page paid in
 * headless Chromium; the signed webhooks it sends must pass the SDK's own verification.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStandinsServer, type StandinsServer } from '../src/standins/server.ts';
import { chromiumPath } from '../../tests/support/browser.ts';

const WEBHOOK_SECRET = 'whsec_standins_test_secret';

interface Received {
  body: string;
  signature: string;
}

let standins: StandinsServer;
let stripe: Stripe;
let browser: Browser;
let receiver: http.Server;
let receiverUrl: string;
let received: Received[] = [];
let receiverStatus = 200;
const savedEnv = { url: process.env.STRIPE_WEBHOOK_URL, secret: process.env.STRIPE_WEBHOOK_SECRET };

beforeAll(async () => {
  standins = await createStandinsServer({ port: 0 });
  stripe = new Stripe('sk_test_standins', { host: '127.0.0.1', port: standins.port, protocol: 'http' });

  // Stands in for the product: the webhook endpoint, and the pages Checkout sends the browser back to.
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/webhook') {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(req.headers['stripe-signature'] ?? ''),
        });
        res.writeHead(receiverStatus, { 'Content-Type': 'application/json' });
        res.end(receiverStatus === 200 ? '{"received":true}' : '{"error":"boom"}');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><title>App</title><h1>Back in the app at ${req.url?.split('?')[0] ?? ''}</h1>`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  process.env.STRIPE_WEBHOOK_URL = `${receiverUrl}/webhook`;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;

  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await standins?.close();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  if (savedEnv.url === undefined) delete process.env.STRIPE_WEBHOOK_URL;
  else process.env.STRIPE_WEBHOOK_URL = savedEnv.url;
  if (savedEnv.secret === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
  else process.env.STRIPE_WEBHOOK_SECRET = savedEnv.secret;
});

beforeEach(() => {
  received = [];
  receiverStatus = 200;
});

async function newSession(
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Promise<Stripe.Checkout.Session> {
  const customer = await stripe.customers.create({ email: 'owner@agency.test', metadata: { company_id: 'company-1' } });
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_premium_cad', quantity: 1 }],
    success_url: `${receiverUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${receiverUrl}/cancel`,
    client_reference_id: 'company-1',
    metadata: { company_id: 'company-1' },
    ...overrides,
  });
}

function eventsOf(type: string): Stripe.Event[] {
  return received.map((r) => JSON.parse(r.body) as Stripe.Event).filter((e) => e.type === type);
}

describe('Stripe API stand-in, through the official SDK', () => {
  it('creates, retrieves, lists and searches customers', async () => {
    const customer = await stripe.customers.create({
      email: 'billing@sunrise.test',
      name: 'Sunrise Care',
      metadata: { company_id: 'c-42' },
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer).toMatchObject({ object: 'customer', email: 'billing@sunrise.test', livemode: false });

    const again = await stripe.customers.retrieve(customer.id);
    expect(again.id).toBe(customer.id);

    const listed = await stripe.customers.list({ email: 'billing@sunrise.test', limit: 1 });
    expect(listed.object).toBe('list');
    expect(listed.data.map((c) => c.id)).toEqual([customer.id]);

    const found = await stripe.customers.search({ query: "metadata['company_id']:'c-42'" });
    expect(found.data.map((c) => c.id)).toEqual([customer.id]);
  });

  it('creates a subscription checkout session pointing at the local hosted page, and retrieves it', async () => {
    const session = await newSession();
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${standins.url}/checkout/${session.id}`);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 49900,
      currency: 'cad',
      client_reference_id: 'company-1',
      metadata: { company_id: 'company-1' },
    });

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(retrieved.id).toBe(session.id);
    expect(retrieved.line_items?.data[0]?.price?.id).toBe('price_premium_cad');
  });

  it('prices any price id at the premium amount, in the currency its id ends with', async () => {
    expect(await stripe.prices.retrieve('price_premium_usd')).toMatchObject({ unit_amount: 49900, currency: 'usd' });
    expect(await stripe.prices.retrieve('price_1Abc')).toMatchObject({ unit_amount: 49900, currency: 'cad' });
  });

  it('creates a billing portal session with a local portal page', async () => {
    const customer = await stripe.customers.create({ email: 'portal@agency.test' });
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: `${receiverUrl}/settings`,
    });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal.url).toBe(`${standins.url}/billing/${portal.id}`);
    const page = await fetch(portal.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('portal@agency.test');
    expect(html).toContain(`href="${receiverUrl}/settings"`);
  });

  it('refuses requests without an API key, or with a key that is not a test key', async () => {
    const res = await fetch(`${standins.url}/v1/customers`, { method: 'POST' });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/^You did not provide an API key/);

    const wrong = new Stripe('sk_live_not_for_here_1234', { host: '127.0.0.1', port: standins.port, protocol: 'http' });
    await expect(wrong.customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });

  it('replays a POST sent again with the same Idempotency-Key', async () => {
    const send = (email: string): Promise<Response> =>
      fetch(`${standins.url}/v1/customers`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer sk_test_standins',
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': 'idem-standins-1',
        },
        body: new URLSearchParams({ email, 'metadata[company_id]': 'c-1' }).toString(),
      });
    const first = await send('idem@agency.test');
    const second = await send('idem@agency.test');
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(((await second.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
    const conflicting = await send('other@agency.test');
    expect(conflicting.status).toBe(400);
    expect(((await conflicting.json()) as { error: { type: string } }).error.type).toBe('idempotency_error');
  });

  it('answers bad parameters and unknown ids with Stripe’s errors', async () => {
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_premium_cad', quantity: 1 }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'success_url' });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'not_a_price', quantity: 1 }],
        success_url: 'http://127.0.0.1/ok',
      }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});

describe('hosted checkout page, in a browser', () => {
  it('takes the 4242 test card, sends signed webhooks and returns to the success URL', async () => {
    const session = await newSession();
    const page = await browser.newPage();
    try {
      await page.goto(session.url ?? '');
      await expect(page.getByText('CA$499.00').first().isVisible()).resolves.toBe(true);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('Dana Owner');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(`${receiverUrl}/success?session_id=${session.id}`);
      await expect(page.getByRole('heading').textContent()).resolves.toContain('/success');
    } finally {
      await page.close();
    }

    const [completed] = eventsOf('checkout.session.completed');
    expect(completed).toBeDefined();
    const raw = received.find((r) => (JSON.parse(r.body) as Stripe.Event).id === completed?.id);
    if (!raw) throw new Error('no raw delivery');
    expect(raw.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const verified = stripe.webhooks.constructEvent(raw.body, raw.signature, WEBHOOK_SECRET);
    expect(verified.type).toBe('checkout.session.completed');
    const object = verified.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'company-1',
      customer: session.customer,
      metadata: { company_id: 'company-1' },
    });
    expect(object.subscription).toMatch(/^sub_/);
    expect(verified).toMatchObject({ object: 'event', livemode: false });
    expect(verified.id).toMatch(/^evt_/);
    expect(typeof verified.api_version).toBe('string');

    const [subscriptionCreated] = eventsOf('customer.subscription.created');
    expect((subscriptionCreated?.data.object as Stripe.Subscription).id).toBe(object.subscription);

    // A changed payload, a changed signature or another secret must all fail verification.
    expect(() =>
      stripe.webhooks.constructEvent(raw.body.replace('"paid"', '"unpaid"'), raw.signature, WEBHOOK_SECRET),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const forged = raw.signature.replace(/v1=([0-9a-f])/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`);
    expect(() => stripe.webhooks.constructEvent(raw.body, forged, WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(raw.body, raw.signature, 'whsec_someone_else')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const subscription = await stripe.subscriptions.retrieve(String(after.subscription));
    expect(subscription).toMatchObject({ status: 'active', customer: session.customer });

    const deliveries = (await (await fetch(`${standins.url}/__dev/stripe/deliveries`)).json()) as {
      ok: boolean;
      status: number;
    }[];
    expect(deliveries.slice(0, 2).every((d) => d.ok && d.status === 200)).toBe(true);
    const events = (await (await fetch(`${standins.url}/__dev/stripe/events`)).json()) as { type: string }[];
    expect(events.map((e) => e.type)).toContain('checkout.session.completed');
  });

  it('shows the decline for 4000 0000 0000 0002 and sends no completed event', async () => {
    const session = await newSession();
    const page = await browser.newPage();
    try {
      await page.goto(session.url ?? '');
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByLabel('Expiry date (MM / YY)').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toBe('Your card was declined.');
      expect(page.url()).toBe(session.url);

      await page.getByLabel('Card number').fill('1234 5678 9012 3456');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toBe('Your card number is invalid.');
    } finally {
      await page.close();
    }
    expect(eventsOf('checkout.session.completed')).toEqual([]);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
    });
  });

  it('keeps the page working when the webhook endpoint fails, and says so', async () => {
    receiverStatus = 500;
    const session = await newSession();
    const page = await browser.newPage();
    try {
      await page.goto(session.url ?? '');
      await page.getByLabel('Card number').fill('4242424242424242');
      await page.getByLabel('Expiry date (MM / YY)').fill('01/40');
      await page.getByLabel('CVC').fill('999');
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toContain('could not be delivered');
      await page.getByRole('link', { name: 'Continue' }).click();
      await page.waitForURL(`${receiverUrl}/success?session_id=${session.id}`);
    } finally {
      await page.close();
    }
    const deliveries = (await (await fetch(`${standins.url}/__dev/stripe/deliveries`)).json()) as {
      ok: boolean;
      status: number;
      responseBody: string;
    }[];
    expect(deliveries[0]).toMatchObject({ ok: false, status: 500, responseBody: '{"error":"boom"}' });
  });

  it('goes back to the cancel URL from the cancel link', async () => {
    const session = await newSession();
    const page = await browser.newPage();
    try {
      await page.goto(session.url ?? '');
      await page.getByRole('link', { name: 'Cancel and return' }).click();
      await page.waitForURL(`${receiverUrl}/cancel`);
    } finally {
      await page.close();
    }
    expect(received).toEqual([]);
  });

  it('cancels a subscription from the portal page and sends customer.subscription.deleted', async () => {
    const session = await newSession();
    const page = await browser.newPage();
    try {
      await page.goto(session.url ?? '');
      await page.getByLabel('Card number').fill('4242424242424242');
      await page.getByLabel('Expiry date (MM / YY)').fill('01/40');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/\/success/);

      const portal = await stripe.billingPortal.sessions.create({
        customer: String(session.customer),
        return_url: `${receiverUrl}/settings`,
      });
      await page.goto(portal.url);
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await expect(page.getByRole('status').textContent()).resolves.toContain('canceled');
      await page.getByRole('link', { name: 'Return to CareCover' }).click();
      await page.waitForURL(`${receiverUrl}/settings`);
    } finally {
      await page.close();
    }
    const [deleted] = eventsOf('customer.subscription.deleted');
    expect((deleted?.data.object as Stripe.Subscription).status).toBe('canceled');
  });
});
