import assert from 'node:assert/strict';
import type { BillingStore, CompanyBilling } from '../../_shared/billing.ts';
import {
  company,
  type FakeStripeState,
  MemoryBillingStore,
  newStripeState,
  signedWebhook,
  startFakeStripe,
  stripeEvent,
  WEBHOOK_SECRET,
} from '../_shared/stripe-testing.ts';
import { createStripe, WEBHOOK_TOLERANCE_SECONDS } from '../../_shared/stripe.ts';
import { COMPANY_ID, OTHER_COMPANY_ID } from '../_shared/testing.ts';
import {
  BAD_SIGNATURE,
  createWebhookHandler,
  MISSING_SIGNATURE,
  premiumForStatus,
} from '../../stripe-webhook/handler.ts';

interface Harness {
  send(req: Request): Promise<{ status: number; body: Record<string, unknown> }>;
  stripe: FakeStripeState;
  store: MemoryBillingStore;
  companies: CompanyBilling[];
}

async function withHarness(
  companies: CompanyBilling[],
  fn: (h: Harness) => Promise<void>,
  store: BillingStore = new MemoryBillingStore(companies),
): Promise<void> {
  const stripe = newStripeState();
  const server = await startFakeStripe(stripe);
  const env = { STRIPE_SECRET_KEY: 'sk_test_deno', STRIPE_API_URL: server.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
  const handler = createWebhookHandler({ env, stripe: () => createStripe(env), billing: store });
  try {
    await fn({
      stripe,
      store: store as MemoryBillingStore,
      companies,
      async send(req) {
        const res = await handler(req);
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      },
    });
  } finally {
    await server.close();
  }
}

const completed = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'cs_test_1',
  object: 'checkout.session',
  mode: 'subscription',
  status: 'complete',
  payment_status: 'paid',
  client_reference_id: COMPANY_ID,
  customer: 'cus_owner',
  subscription: 'sub_owner',
  metadata: { company_id: COMPANY_ID },
  ...overrides,
});

const subscription = (status: string, overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'sub_owner',
  object: 'subscription',
  customer: 'cus_owner',
  status,
  metadata: { company_id: COMPANY_ID },
  ...overrides,
});

Deno.test('subscription statuses: paying is premium, ended is free, pending keeps the plan', () => {
  assert.equal(premiumForStatus('active'), true);
  assert.equal(premiumForStatus('trialing'), true);
  for (const s of ['canceled', 'unpaid', 'incomplete_expired', 'paused'] as const)
    assert.equal(premiumForStatus(s), false);
  assert.equal(premiumForStatus('incomplete'), null);
  assert.equal(premiumForStatus('past_due'), null);
});

Deno.test('a missing or bad signature is refused with 400 and changes nothing', async () => {
  const companies = [company(COMPANY_ID)];
  await withHarness(companies, async (h) => {
    h.stripe.subscriptions.push({ id: 'sub_owner', customer: 'cus_owner', status: 'active', metadata: {} });
    const event = stripeEvent('checkout.session.completed', completed());

    const missing = await h.send(await signedWebhook(event, { signature: null }));
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body, { error: { code: 'invalid_signature', message: MISSING_SIGNATURE } });

    const otherSecret = await h.send(await signedWebhook(event, { secret: 'whsec_attacker' }));
    assert.equal(otherSecret.status, 400);
    assert.deepEqual(otherSecret.body, { error: { code: 'invalid_signature', message: BAD_SIGNATURE } });

    const garbage = await h.send(await signedWebhook(event, { signature: 't=1,v1=deadbeef' }));
    assert.equal(garbage.status, 400);

    // A valid signature over another body: the body was altered in transit.
    const genuine = await signedWebhook(event);
    const altered = new Request(genuine.url, {
      method: 'POST',
      headers: genuine.headers,
      body: JSON.stringify({ ...event, id: 'evt_forged' }),
    });
    assert.equal((await h.send(altered)).status, 400);

    assert.equal(h.store.calls.length, 0);
    assert.equal(companies[0]?.premium, false);
  });
});

Deno.test(
  `a signature older than the ${WEBHOOK_TOLERANCE_SECONDS} s tolerance is refused; a recent one is accepted`,
  async () => {
    const companies = [company(COMPANY_ID)];
    await withHarness(companies, async (h) => {
      h.stripe.subscriptions.push({ id: 'sub_owner', customer: 'cus_owner', status: 'active', metadata: {} });
      const now = Math.floor(Date.now() / 1000);
      const stale = await h.send(
        await signedWebhook(stripeEvent('checkout.session.completed', completed()), {
          timestamp: now - WEBHOOK_TOLERANCE_SECONDS - 5,
        }),
      );
      assert.equal(stale.status, 400);
      assert.deepEqual(stale.body, { error: { code: 'invalid_signature', message: BAD_SIGNATURE } });
      assert.equal(companies[0]?.premium, false);

      const recent = await h.send(
        await signedWebhook(stripeEvent('checkout.session.completed', completed()), { timestamp: now - 200 }),
      );
      assert.equal(recent.status, 200);
      assert.equal(companies[0]?.premium, true);
    });
  },
);

Deno.test('checkout.session.completed makes the company premium and stores its customer', async () => {
  const companies = [company(COMPANY_ID), company(OTHER_COMPANY_ID)];
  await withHarness(companies, async (h) => {
    h.stripe.subscriptions.push({ id: 'sub_owner', customer: 'cus_owner', status: 'active', metadata: {} });
    const event = stripeEvent('checkout.session.completed', completed());
    const { status, body } = await h.send(await signedWebhook(event));
    assert.equal(status, 200);
    assert.deepEqual(body, { received: true, applied: true, outcome: 'applied' });
    assert.deepEqual(h.store.calls, [
      {
        id: event.id,
        type: 'checkout.session.completed',
        companyId: COMPANY_ID,
        customerId: 'cus_owner',
        premium: true,
      },
    ]);
    assert.deepEqual(
      companies.map((c) => [c.premium, c.stripe_customer_id]),
      [
        [true, 'cus_owner'],
        [false, null],
      ],
    );
  });
});

Deno.test('the company comes from client_reference_id, else metadata; a non-UUID is not trusted', async () => {
  const companies = [company(COMPANY_ID)];
  await withHarness(companies, async (h) => {
    h.stripe.subscriptions.push({ id: 'sub_owner', customer: 'cus_owner', status: 'active', metadata: {} });
    await h.send(
      await signedWebhook(stripeEvent('checkout.session.completed', completed({ client_reference_id: null }))),
    );
    assert.equal(h.store.calls[0]?.companyId, COMPANY_ID);
    await h.send(
      await signedWebhook(
        stripeEvent('checkout.session.completed', completed({ client_reference_id: "x' or 1=1", metadata: {} })),
      ),
    );
    assert.equal(h.store.calls[1]?.companyId, null, 'found by customer id instead');
  });
});

Deno.test('a replayed event is applied once and answers 200', async () => {
  const companies = [company(COMPANY_ID)];
  await withHarness(companies, async (h) => {
    h.stripe.subscriptions.push({ id: 'sub_owner', customer: 'cus_owner', status: 'active', metadata: {} });
    const event = stripeEvent('checkout.session.completed', completed());
    const first = await h.send(await signedWebhook(event));
    // Meanwhile the company cancelled; a redelivery of the old event must not touch the row.
    companies[0]!.premium = false;
    const replay = await h.send(await signedWebhook(event));
    assert.equal(first.status, 200);
    assert.equal(replay.status, 200);
    assert.deepEqual(replay.body, { received: true, applied: false, outcome: 'duplicate' });
    assert.equal(h.store.recorded.length, 1);
    assert.equal(companies[0]?.premium, false);
  });
});

Deno.test('out-of-order events follow the subscription’s current state in Stripe', async () => {
  const companies = [company(COMPANY_ID, { stripe_customer_id: 'cus_owner' })];
  await withHarness(companies, async (h) => {
    // The subscription was created, then cancelled; Stripe now says canceled.
    h.stripe.subscriptions.push({
      id: 'sub_owner',
      customer: 'cus_owner',
      status: 'canceled',
      metadata: { company_id: COMPANY_ID },
    });
    const created = stripeEvent('customer.subscription.created', subscription('active'));
    const deleted = stripeEvent('customer.subscription.deleted', subscription('canceled'));
    const checkout = stripeEvent('checkout.session.completed', completed());

    // Delivered newest first: deleted, then the stale created and completed.
    for (const event of [deleted, created, checkout]) {
      const { status, body } = await h.send(await signedWebhook(event));
      assert.equal(status, 200);
      assert.equal(body.applied, true);
    }
    assert.equal(companies[0]?.premium, false, 'stale events carrying active do not resurrect premium');
    assert.deepEqual(
      h.store.calls.map((c) => c.premium),
      [false, false, false],
    );

    // The company subscribes again; a late 'updated' from the old period says canceled in its payload.
    h.stripe.subscriptions[0]!.status = 'active';
    await h.send(await signedWebhook(stripeEvent('customer.subscription.updated', subscription('canceled'))));
    assert.equal(companies[0]?.premium, true);
  });
});

Deno.test('subscription events find the company by customer when the subscription has no metadata', async () => {
  const companies = [company(COMPANY_ID, { stripe_customer_id: 'cus_owner', premium: true })];
  await withHarness(companies, async (h) => {
    h.stripe.subscriptions.push({ id: 'sub_owner', customer: 'cus_owner', status: 'unpaid', metadata: {} });
    const { status } = await h.send(
      await signedWebhook(stripeEvent('customer.subscription.updated', subscription('active', { metadata: {} }))),
    );
    assert.equal(status, 200);
    assert.deepEqual(h.store.calls[0], {
      id: h.store.calls[0]?.id,
      type: 'customer.subscription.updated',
      companyId: null,
      customerId: 'cus_owner',
      premium: false,
    });
    assert.equal(companies[0]?.premium, false);
  });
});

Deno.test('a deleted subscription Stripe no longer knows is judged by the event’s own copy', async () => {
  const companies = [company(COMPANY_ID, { stripe_customer_id: 'cus_owner', premium: true })];
  await withHarness(companies, async (h) => {
    const { status } = await h.send(
      await signedWebhook(stripeEvent('customer.subscription.deleted', subscription('canceled'))),
    );
    assert.equal(status, 200);
    assert.equal(companies[0]?.premium, false);
  });
});

Deno.test('events for no known company, and other event types, answer 200 without changes', async () => {
  const companies = [company(COMPANY_ID)];
  await withHarness(companies, async (h) => {
    h.stripe.subscriptions.push({ id: 'sub_x', customer: 'cus_stranger', status: 'active', metadata: {} });
    const unknown = await h.send(
      await signedWebhook(
        stripeEvent(
          'customer.subscription.created',
          subscription('active', { id: 'sub_x', customer: 'cus_stranger', metadata: {} }),
        ),
      ),
    );
    assert.equal(unknown.status, 200);
    assert.deepEqual(unknown.body, { received: true, applied: false, outcome: 'unknown_company' });
    const other = await h.send(await signedWebhook(stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice' })));
    assert.deepEqual(other.body, { received: true, applied: false, outcome: 'ignored' });
    const payment = await h.send(
      await signedWebhook(stripeEvent('checkout.session.completed', completed({ mode: 'payment' }))),
    );
    assert.deepEqual(payment.body, { received: true, applied: false, outcome: 'ignored' });
    assert.equal(companies[0]?.premium, false);
  });
});

Deno.test('a database or Stripe failure answers 5xx so Stripe retries', async () => {
  const failing: BillingStore = {
    linkCustomer: () => Promise.reject(new Error('unused')),
    recordEvent: () => Promise.reject(new Error('connection refused')),
  };
  await withHarness(
    [company(COMPANY_ID)],
    async (h) => {
      h.stripe.subscriptions.push({ id: 'sub_owner', customer: 'cus_owner', status: 'active', metadata: {} });
      const db = await h.send(await signedWebhook(stripeEvent('checkout.session.completed', completed())));
      assert.equal(db.status, 500);
      h.stripe.failWith = 500;
      const api = await h.send(await signedWebhook(stripeEvent('checkout.session.completed', completed())));
      assert.equal(api.status, 500);
    },
    failing,
  );
});
