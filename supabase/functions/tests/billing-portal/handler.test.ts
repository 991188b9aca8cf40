import assert from 'node:assert/strict';
import type { CompanyBilling } from '../../_shared/billing.ts';
import type { Env } from '../../_shared/env.ts';
import {
  company,
  fakeSupabase,
  fakeUser,
  type FakeStripeState,
  newStripeState,
  startFakeStripe,
} from '../_shared/stripe-testing.ts';
import { createStripe } from '../../_shared/stripe.ts';
import { userClientFactory } from '../../_shared/supabase.ts';
import { ANON_TOKEN, COMPANY_ID, startFakeServer } from '../_shared/testing.ts';
import { createPortalHandler, NOT_LOGGED_IN, NOT_SUBSCRIBED, PORTAL_FAILED } from '../../billing-portal/handler.ts';

const owner = fakeUser(COMPANY_ID, 'owner@sunrise.test');

async function withPortal(
  companies: CompanyBilling[],
  fn: (
    call: (token?: string | null) => Promise<{ status: number; body: Record<string, unknown> }>,
    stripe: FakeStripeState,
  ) => Promise<void>,
): Promise<void> {
  const stripe = newStripeState();
  const stripeServer = await startFakeStripe(stripe);
  const supabase = await startFakeServer(fakeSupabase([owner], companies));
  const env: Env = {
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: ANON_TOKEN,
    STRIPE_SECRET_KEY: 'sk_test_deno',
    STRIPE_API_URL: stripeServer.url,
    SITE_URL: 'https://app.carecover.test',
  };
  const handler = createPortalHandler({
    env,
    stripe: () => createStripe(env),
    createUserClient: userClientFactory(env),
  });
  try {
    await fn(async (token = owner.token) => {
      const headers = new Headers({ apikey: ANON_TOKEN });
      if (token !== null) headers.set('Authorization', `Bearer ${token}`);
      const res = await handler(
        new Request('http://127.0.0.1/functions/v1/billing-portal', { method: 'POST', headers }),
      );
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }, stripe);
  } finally {
    await stripeServer.close();
    await supabase.close();
  }
}

Deno.test('a company that subscribed gets a portal URL that returns to the dashboard', async () => {
  await withPortal([company(COMPANY_ID, { stripe_customer_id: 'cus_owner', premium: true })], async (call, stripe) => {
    stripe.subscriptions.push({ id: 'sub_1', customer: 'cus_owner', status: 'active', metadata: {} });
    const { status, body } = await call();
    assert.equal(status, 200);
    assert.deepEqual(body, { url: 'https://billing.example/bps_fake1' });
    assert.deepEqual(stripe.portals, [{ customer: 'cus_owner', return_url: 'https://app.carecover.test/dashboard' }]);
  });
});

Deno.test('a company whose subscription ended can still reach its invoices', async () => {
  await withPortal([company(COMPANY_ID, { stripe_customer_id: 'cus_owner' })], async (call, stripe) => {
    stripe.subscriptions.push({ id: 'sub_1', customer: 'cus_owner', status: 'canceled', metadata: {} });
    assert.equal((await call()).status, 200);
  });
});

Deno.test('a company that never paid is told so with a 409', async () => {
  await withPortal([company(COMPANY_ID)], async (call, stripe) => {
    const none = await call();
    assert.equal(none.status, 409);
    assert.deepEqual(none.body, { error: { code: 'not_subscribed', message: NOT_SUBSCRIBED } });
    assert.equal(NOT_SUBSCRIBED, 'You have not subscribed yet, so there is no billing to manage.');
    assert.equal(stripe.portals.length, 0);
  });
  // Checkout was started (customer stored) but never paid: no subscription at all.
  await withPortal([company(COMPANY_ID, { stripe_customer_id: 'cus_started' })], async (call, stripe) => {
    const started = await call();
    assert.equal(started.status, 409);
    assert.equal(stripe.portals.length, 0);
  });
});

Deno.test('an unauthenticated call is refused; a Stripe failure is a 502', async () => {
  await withPortal([company(COMPANY_ID, { stripe_customer_id: 'cus_owner' })], async (call, stripe) => {
    for (const token of [null, ANON_TOKEN]) {
      const { status, body } = await call(token);
      assert.equal(status, 401);
      assert.deepEqual(body, { error: { code: 'unauthorized', message: NOT_LOGGED_IN } });
    }
    stripe.failWith = 500;
    const failed = await call();
    assert.equal(failed.status, 502);
    assert.deepEqual(failed.body, { error: { code: 'portal_failed', message: PORTAL_FAILED } });
  });
});
