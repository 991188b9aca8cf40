import assert from 'node:assert/strict';
import type { CompanyBilling } from '../../_shared/billing.ts';
import { currencyForCountry, currencySymbol } from '../../_shared/currency.ts';
import type { Env } from '../../_shared/env.ts';
import {
  company,
  fakeSupabase,
  fakeUser,
  type FakeStripeState,
  MemoryBillingStore,
  newStripeState,
  startFakeStripe,
} from '../_shared/stripe-testing.ts';
import { createStripe } from '../../_shared/stripe.ts';
import { userClientFactory } from '../../_shared/supabase.ts';
import { ANON_TOKEN, COMPANY_ID, OTHER_COMPANY_ID, startFakeServer } from '../_shared/testing.ts';
import {
  ALREADY_PREMIUM,
  CHECKOUT_FAILED,
  createCheckoutHandler,
  NOT_A_COMPANY,
  NOT_LOGGED_IN,
} from '../../create-checkout-session/handler.ts';

const STAFF_ID = '33333333-3333-4333-8333-333333333333';
const owner = fakeUser(COMPANY_ID, 'owner@sunrise.test');
const other = fakeUser(OTHER_COMPANY_ID, 'other@agency.test');
const worker = fakeUser(STAFF_ID, 'worker@agency.test');

interface Harness {
  call(body?: unknown, token?: string | null): Promise<{ status: number; body: Record<string, unknown> }>;
  stripe: FakeStripeState;
  store: MemoryBillingStore;
  companies: CompanyBilling[];
  close(): Promise<void>;
}

async function harness(companies: CompanyBilling[]): Promise<Harness> {
  const stripe = newStripeState();
  const stripeServer = await startFakeStripe(stripe);
  const supabase = await startFakeServer(fakeSupabase([owner, other, worker], companies));
  const env: Env = {
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: ANON_TOKEN,
    STRIPE_SECRET_KEY: 'sk_test_deno',
    STRIPE_API_URL: stripeServer.url,
    STRIPE_PRICE_ID_CAD: 'price_test_cad',
    STRIPE_PRICE_ID_USD: 'price_test_usd',
    SITE_URL: 'https://app.carecover.test/',
  };
  const store = new MemoryBillingStore(companies);
  const handler = createCheckoutHandler({
    env,
    stripe: () => createStripe(env),
    createUserClient: userClientFactory(env),
    billing: store,
  });
  return {
    stripe,
    store,
    companies,
    async call(body = {}, token = owner.token) {
      const headers = new Headers({ 'Content-Type': 'application/json', apikey: ANON_TOKEN });
      if (token !== null) headers.set('Authorization', `Bearer ${token}`);
      const res = await handler(
        new Request('http://127.0.0.1/functions/v1/create-checkout-session', {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        }),
      );
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    async close() {
      await stripeServer.close();
      await supabase.close();
    },
  };
}

async function withHarness(companies: CompanyBilling[], fn: (h: Harness) => Promise<void>): Promise<void> {
  const h = await harness(companies);
  try {
    await fn(h);
  } finally {
    await h.close();
  }
}

const US_SPELLINGS = [
  'US',
  'us',
  'U.S.',
  'U.S.A.',
  'USA',
  ' usa ',
  'United States',
  'united states',
  'United States of America',
  'The United States',
  'America',
  'U S A',
  'États-Unis',
  'Estados Unidos',
];
const CAD_SPELLINGS = [
  'Canada',
  'CA',
  'canada',
  'Mexico',
  'United Kingdom',
  'Australia',
  'Russia',
  '',
  '   ',
  'Ontario',
];

Deno.test('currency: every spelling of the United States is USD, anything else or nothing is CAD', () => {
  for (const country of US_SPELLINGS) assert.equal(currencyForCountry(country), 'usd', country);
  for (const country of CAD_SPELLINGS) assert.equal(currencyForCountry(country), 'cad', country);
  assert.equal(currencyForCountry(null), 'cad');
  assert.equal(currencyForCountry(undefined), 'cad');
  assert.equal(currencySymbol('usd'), '$');
  assert.equal(currencySymbol('cad'), 'CA$');
});

Deno.test('the price is chosen on the server from the company country, for every spelling', async () => {
  const cases: [string | null, string][] = [
    ...US_SPELLINGS.map((c): [string, string] => [c, 'price_test_usd']),
    ...CAD_SPELLINGS.map((c): [string, string] => [c, 'price_test_cad']),
    [null, 'price_test_cad'],
  ];
  const companies = [company(COMPANY_ID, { stripe_customer_id: 'cus_existing' })];
  await withHarness(companies, async (h) => {
    for (const [country, price] of cases) {
      companies[0]!.country = country;
      const { status, body } = await h.call();
      assert.equal(status, 200, `${country}: ${JSON.stringify(body)}`);
      assert.equal(h.stripe.sessions.at(-1)?.['line_items[0][price]'], price, `country ${JSON.stringify(country)}`);
      assert.equal(body.currency, price.endsWith('usd') ? 'usd' : 'cad');
    }
  });
});

Deno.test('creates a subscription session for the caller’s company and answers { id, url }', async () => {
  await withHarness([company(COMPANY_ID, { country: 'USA', stripe_customer_id: 'cus_existing' })], async (h) => {
    const { status, body } = await h.call();
    assert.equal(status, 200);
    assert.deepEqual(body, { id: 'cs_test_fake1', url: 'https://checkout.example/cs_test_fake1', currency: 'usd' });
    const session = h.stripe.sessions[0];
    assert.deepEqual(session, {
      mode: 'subscription',
      customer: 'cus_existing',
      'line_items[0][price]': 'price_test_usd',
      'line_items[0][quantity]': '1',
      success_url: 'https://app.carecover.test/dashboard?success=true',
      cancel_url: 'https://app.carecover.test/dashboard',
      client_reference_id: COMPANY_ID,
      'metadata[company_id]': COMPANY_ID,
      'subscription_data[metadata][company_id]': COMPANY_ID,
    });
  });
});

Deno.test('a forged price id, user id or email in the body is ignored', async () => {
  await withHarness([company(COMPANY_ID, { country: 'Canada' })], async (h) => {
    const { status } = await h.call({ priceId: 'price_forged_cheap', userId: OTHER_COMPANY_ID, email: 'evil@x.test' });
    assert.equal(status, 200);
    assert.equal(h.stripe.sessions[0]?.['line_items[0][price]'], 'price_test_cad');
    assert.equal(h.stripe.sessions[0]?.client_reference_id, COMPANY_ID);
    assert.equal(h.stripe.customers[0]?.email, 'owner@sunrise.test', 'the email comes from the JWT');
    assert.deepEqual(h.stripe.customers[0]?.metadata, { company_id: COMPANY_ID });
  });
});

Deno.test('an unauthenticated call gets SPEC’s 401 sentence', async () => {
  await withHarness([company(COMPANY_ID)], async (h) => {
    for (const token of [null, ANON_TOKEN, 'expired.or.forged']) {
      const { status, body } = await h.call({}, token);
      assert.equal(status, 401, String(token));
      assert.deepEqual(body, { error: { code: 'unauthorized', message: NOT_LOGGED_IN } });
    }
    assert.equal(NOT_LOGGED_IN, 'You must be logged in to upgrade');
    assert.equal(h.stripe.sessions.length, 0);
  });
});

Deno.test('a worker account cannot start a checkout; a premium company is told it already is', async () => {
  await withHarness([company(COMPANY_ID, { premium: true, stripe_customer_id: 'cus_paid' })], async (h) => {
    const asWorker = await h.call({}, worker.token);
    assert.equal(asWorker.status, 403);
    assert.deepEqual(asWorker.body, { error: { code: 'forbidden', message: NOT_A_COMPANY } });
    const premium = await h.call();
    assert.equal(premium.status, 409);
    assert.deepEqual(premium.body, { error: { code: 'already_premium', message: ALREADY_PREMIUM } });
    assert.equal(h.stripe.sessions.length, 0);
  });
});

Deno.test('the stored Stripe customer is reused without touching Stripe customers', async () => {
  await withHarness([company(COMPANY_ID, { stripe_customer_id: 'cus_existing' })], async (h) => {
    await h.call();
    await h.call();
    assert.equal(h.stripe.customers.length, 0);
    assert.deepEqual(
      h.stripe.sessions.map((s) => s.customer),
      ['cus_existing', 'cus_existing'],
    );
    assert.equal(h.store.links.length, 0);
  });
});

Deno.test('a customer is created once with metadata.company_id, stored, then reused', async () => {
  const companies = [company(COMPANY_ID)];
  await withHarness(companies, async (h) => {
    assert.equal((await h.call()).status, 200);
    assert.equal((await h.call()).status, 200);
    assert.equal(h.stripe.customers.length, 1);
    assert.deepEqual(h.store.links, [{ companyId: COMPANY_ID, customerId: 'cus_fake1' }]);
    assert.equal(companies[0]?.stripe_customer_id, 'cus_fake1');
    assert.deepEqual(
      h.stripe.sessions.map((s) => s.customer),
      ['cus_fake1', 'cus_fake1'],
    );
  });
});

Deno.test('a customer created earlier but never stored is found by metadata and stored', async () => {
  const companies = [company(COMPANY_ID)];
  await withHarness(companies, async (h) => {
    h.stripe.customers.push({ id: 'cus_orphan', email: 'owner@sunrise.test', metadata: { company_id: COMPANY_ID } });
    assert.equal((await h.call()).status, 200);
    assert.equal(h.stripe.customers.length, 1);
    assert.equal(companies[0]?.stripe_customer_id, 'cus_orphan');
    assert.equal(h.stripe.sessions[0]?.customer, 'cus_orphan');
  });
});

Deno.test('a Stripe failure answers 502 with SPEC’s checkout sentence', async () => {
  await withHarness([company(COMPANY_ID, { stripe_customer_id: 'cus_existing' })], async (h) => {
    h.stripe.failWith = 500;
    const { status, body } = await h.call();
    assert.equal(status, 502);
    assert.deepEqual(body, { error: { code: 'checkout_failed', message: CHECKOUT_FAILED } });
    assert.equal(CHECKOUT_FAILED, 'There was an error starting the checkout. Please try again');
    h.stripe.failWith = 402;
    assert.equal((await h.call()).status, 502);
  });
});

Deno.test('a missing price secret is a checkout failure, not a crash', async () => {
  const stripe = newStripeState();
  const stripeServer = await startFakeStripe(stripe);
  const supabase = await startFakeServer(fakeSupabase([owner], [company(COMPANY_ID, { stripe_customer_id: 'cus_x' })]));
  try {
    const env: Env = {
      SUPABASE_URL: supabase.url,
      SUPABASE_ANON_KEY: ANON_TOKEN,
      STRIPE_SECRET_KEY: 'sk_test_deno',
      STRIPE_API_URL: stripeServer.url,
    };
    const handler = createCheckoutHandler({
      env,
      stripe: () => createStripe(env),
      createUserClient: userClientFactory(env),
      billing: new MemoryBillingStore([]),
    });
    const res = await handler(
      new Request('http://127.0.0.1/', { method: 'POST', headers: { Authorization: `Bearer ${owner.token}` } }),
    );
    assert.equal(res.status, 502);
    assert.equal(((await res.json()) as { error: { message: string } }).error.message, CHECKOUT_FAILED);
  } finally {
    await stripeServer.close();
    await supabase.close();
  }
});

Deno.test('only POST (and the browser preflight) are accepted', async () => {
  await withHarness([company(COMPANY_ID)], async () => {
    const handler = createCheckoutHandler({
      env: {},
      stripe: () => createStripe({ STRIPE_SECRET_KEY: 'sk_test_x' }),
      createUserClient: userClientFactory({}),
      billing: new MemoryBillingStore([]),
    });
    assert.equal((await handler(new Request('http://127.0.0.1/', { method: 'OPTIONS' }))).status, 200);
    const res = await handler(new Request('http://127.0.0.1/', { method: 'GET' }));
    assert.equal(res.status, 405);
    await res.body?.cancel();
  });
});
