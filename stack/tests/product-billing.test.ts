/**
 * Upgrading to Premium end to end, on the running local stack and its Stripe stand-in: a company
 * signs up, starts a checkout through `create-checkout-session`, pays on the stand-in's hosted page
 * in headless Chromium, and the signed webhook (`stripe-webhook`) makes it premium, which lifts the
 * free plan's shift limit. A declined card leaves it free; `billing-portal` opens the portal, and
 * cancelling there puts the company back on the free plan.
 */
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standinsUrl } from '../src/config.ts';
import { launchBrowser } from '../../tests/support/browser.ts';
import { anonClient, serviceClient, superuser, TEST_PASSWORD, uniqueEmail } from '../../tests/support/clients.ts';

interface Company {
  id: string;
  client: SupabaseClient;
}

const created: string[] = [];
let browser: Browser;

async function signUpCompany(label: string, country: string | null): Promise<Company> {
  const client = anonClient();
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail(label),
    password: TEST_PASSWORD,
    options: { data: { account_type: 'company' } },
  });
  if (error) throw error;
  if (!data.user || !data.session) throw new Error('sign-up returned no session');
  created.push(data.user.id);
  if (country !== null) {
    const update = await client.from('companies').update({ country }).eq('id', data.user.id);
    if (update.error) throw update.error;
  }
  return { id: data.user.id, client };
}

async function billingOf(company: Company): Promise<{ premium: boolean; stripe_customer_id: string | null }> {
  const { data, error } = await company.client
    .from('companies')
    .select('premium, stripe_customer_id')
    .eq('id', company.id)
    .single();
  if (error) throw error;
  return data as { premium: boolean; stripe_customer_id: string | null };
}

/** Polls the company's own row (as the dashboard's live subscription would see it). */
async function waitForPremium(company: Company, expected: boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await billingOf(company)).premium === expected) return;
    if (Date.now() > deadline) throw new Error(`premium did not become ${expected} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function failure(
  error: unknown,
): Promise<{ status: number; body: { error: { code: string; message: string } } }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const res = (error as FunctionsHttpError).context as Response;
  return { status: res.status, body: (await res.json()) as { error: { code: string; message: string } } };
}

async function startCheckout(company: Company): Promise<{ id: string; url: string; currency: string }> {
  // The old dashboard sent these; the function must ignore them.
  const { data, error } = await company.client.functions.invoke('create-checkout-session', {
    body: { priceId: 'price_forged_free', userId: '00000000-0000-4000-8000-000000000000', email: 'x@y.z' },
  });
  if (error) throw error;
  return data as { id: string; url: string; currency: string };
}

async function stripeGet<T>(path: string): Promise<T> {
  const res = await fetch(`${standinsUrl}${path}`, { headers: { Authorization: 'Bearer sk_test_local_carecover' } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function pay(page: Page, url: string, card: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Dana Owner');
  await page.getByRole('button', { name: 'Pay' }).click();
}

async function postShift(company: Company): Promise<{ error: { message: string } | null }> {
  const start = new Date(Date.now() + 24 * 3600_000);
  return await company.client.from('shifts').insert({
    company_id: company.id,
    staff_type: 'PSW',
    skill: 'Personal care',
    street_number: '100',
    street_name: 'Queen Street West',
    city: 'Toronto',
    province: 'Ontario',
    country: 'Canada',
    postal_code: 'M5H 2N2',
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 8 * 3600_000).toISOString(),
    latitude: 43.6525,
    longitude: -79.3839,
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const admin = serviceClient();
  await Promise.all(created.map((id) => admin.auth.admin.deleteUser(id)));
});

describe('upgrading to Premium through the Stripe stand-in', () => {
  let paid: Company;

  it('refuses a checkout without a signed-in company', async () => {
    const { error } = await anonClient().functions.invoke('create-checkout-session', { body: {} });
    const { status, body } = await failure(error);
    expect(status).toBe(401);
    expect(body.error.message).toBe('You must be logged in to upgrade');
  });

  it('pays with 4242, becomes premium within seconds and can post an 11th shift', async () => {
    paid = await signUpCompany('billing-paid', 'United States');
    const db = await superuser();
    try {
      await db.query('update public.companies set free_shifts_used = 10 where id = $1', [paid.id]);
    } finally {
      await db.end();
    }
    const blocked = await postShift(paid);
    expect(blocked.error?.message).toBe('Free plan limit reached: upgrade to Premium to post more than 10 shifts');

    const session = await startCheckout(paid);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${standinsUrl}/checkout/${session.id}`);
    expect(session.currency).toBe('usd');
    const onStripe = await stripeGet<{
      client_reference_id: string;
      customer: string;
      mode: string;
      success_url: string;
      line_items: { data: { price: { id: string } }[] };
    }>(`/v1/checkout/sessions/${session.id}?expand[]=line_items`);
    expect(onStripe).toMatchObject({ client_reference_id: paid.id, mode: 'subscription' });
    expect(onStripe.success_url).toMatch(/\/dashboard\?success=true$/);
    expect(onStripe.line_items.data[0]?.price.id).toBe('price_local_usd');
    expect((await billingOf(paid)).stripe_customer_id).toBe(onStripe.customer);

    // A second checkout reuses the same customer.
    const again = await startCheckout(paid);
    const againOnStripe = await stripeGet<{ customer: string }>(`/v1/checkout/sessions/${again.id}`);
    expect(againOnStripe.customer).toBe(onStripe.customer);

    const page = await browser.newPage();
    try {
      await pay(page, session.url, '4242 4242 4242 4242');
      await waitForPremium(paid, true);
    } finally {
      await page.close();
    }
    expect(await billingOf(paid)).toEqual({ premium: true, stripe_customer_id: onStripe.customer });
    const eleventh = await postShift(paid);
    expect(eleventh.error).toBeNull();

    const { error } = await paid.client.functions.invoke('create-checkout-session', { body: {} });
    expect((await failure(error)).status).toBe(409);
  });

  it('leaves a company free when the card is declined', async () => {
    const declined = await signUpCompany('billing-declined', null);
    const session = await startCheckout(declined);
    expect(session.currency).toBe('cad');
    const page = await browser.newPage();
    try {
      await pay(page, session.url, '4000 0000 0000 0002');
      await expect(page.getByRole('alert').textContent()).resolves.toBe('Your card was declined.');
    } finally {
      await page.close();
    }
    const onStripe = await stripeGet<{ status: string; payment_status: string }>(`/v1/checkout/sessions/${session.id}`);
    expect(onStripe).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect((await billingOf(declined)).premium).toBe(false);

    const { error } = await declined.client.functions.invoke('billing-portal', { body: {} });
    const { status, body } = await failure(error);
    expect(status).toBe(409);
    expect(body.error.message).toBe('You have not subscribed yet, so there is no billing to manage.');
  });

  it('opens the billing portal, and cancelling there puts the company back on the free plan', async () => {
    const { data, error } = await paid.client.functions.invoke('billing-portal', { body: {} });
    if (error) throw error;
    const { url } = data as { url: string };
    expect(url).toMatch(new RegExp(`^${standinsUrl}/billing/bps_`));

    const page = await browser.newPage();
    try {
      await page.goto(url);
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await expect(page.getByRole('status').textContent()).resolves.toContain('canceled');
      await waitForPremium(paid, false);
    } finally {
      await page.close();
    }
    const shift = await postShift(paid);
    expect(shift.error?.message).toBe('Free plan limit reached: upgrade to Premium to post more than 10 shifts');
  });
});
