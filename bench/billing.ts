/**
 * The Stripe webhook under load, through the gateway to the running `stripe-webhook` function:
 *   1. handling time per event: ~100 signed `customer.subscription.updated` events sent one after
 *      another (each retrieves the subscription from the Stripe stand-in and commits its effect),
 *      median and p95 of the round trip (target: median under 20 ms);
 *   2. correctness under load: 20 distinct events (a `checkout.session.completed` and a stale
 *      `customer.subscription.updated` for each of 10 companies, half of whose subscriptions have
 *      since been cancelled) delivered 5 times each, all 100 at once, in random order. Every company
 *      must end on the plan its subscription's current status gives, and every event must be
 *      applied exactly once (stripe_events holds 20 rows, the answers say `applied` 20 times).
 *
 * Companies are created as auth users by the superuser (the sign-up trigger makes their rows); real
 * subscriptions are bought on the stand-in's checkout page (form POST) and half cancelled through
 * its API. Everything the run created in the database is deleted afterwards.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import Stripe from 'stripe';
import { apiUrl, dbUrl, functionsDir, standinsUrl } from '../stack/src/config.ts';
import { parseDotenv } from '../stack/src/functions/dotenv.ts';
import { summarise, type Summary } from './stats.ts';

const TIMED_EVENTS = 100;
const COMPANIES = 10;
const COPIES = 5;

export interface BillingBench {
  perEvent: Summary;
  burst: {
    deliveries: number;
    distinctEvents: number;
    statuses: Record<string, number>;
    appliedAnswers: number;
    recordedEvents: number;
    companiesRight: number;
    companies: number;
    ms: number;
    correct: boolean;
  };
}

/** The functions' secrets as the stack serves them: supabase/functions/.env, else .env.example. */
function functionSecrets(): Record<string, string> {
  const file = [path.join(functionsDir, '.env'), path.join(functionsDir, '.env.example')].find((f) => existsSync(f));
  return file ? parseDotenv(readFileSync(file, 'utf8')) : {};
}

interface Paid {
  companyId: string;
  customerId: string;
  subscriptionId: string;
  sessionId: string;
}

export async function benchBilling(): Promise<BillingBench> {
  const secrets = functionSecrets();
  const secret = secrets.STRIPE_WEBHOOK_SECRET ?? 'whsec_local_carecover_test_secret';
  const stand = new URL(standinsUrl);
  const stripe = new Stripe(secrets.STRIPE_SECRET_KEY ?? 'sk_test_local_carecover', {
    host: stand.hostname,
    port: Number(stand.port),
    protocol: 'http',
  });
  const run = randomUUID().slice(0, 8);
  const db = new pg.Client({ connectionString: dbUrl() });
  await db.connect();
  const companyIds: string[] = [];
  const customerIds: string[] = [];

  const deliver = async (event: Record<string, unknown>): Promise<{ status: number; applied: boolean }> => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const res = await fetch(`${apiUrl}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
      body: payload,
    });
    const body = (await res.json()) as { applied?: boolean };
    return { status: res.status, applied: body.applied === true };
  };
  const envelope = (id: string, type: string, object: unknown): Record<string, unknown> => ({
    id,
    object: 'event',
    api_version: '2026-01-28.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });

  /** A company with a paid subscription, bought on the stand-in's hosted page. */
  const buy = async (i: number): Promise<Paid> => {
    const companyId = randomUUID();
    const email = `bench-billing-${run}-${i}@bench.carecover.local`;
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(),
               '{"provider":"email","providers":["email"]}', '{"account_type":"company"}', now(), now())`,
      [companyId, email],
    );
    companyIds.push(companyId);
    const customer = await stripe.customers.create({ email, metadata: { company_id: companyId } });
    customerIds.push(customer.id);
    await db.query('update public.companies set stripe_customer_id = $2 where id = $1', [companyId, customer.id]);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: secrets.STRIPE_PRICE_ID_CAD ?? 'price_local_cad', quantity: 1 }],
      success_url: 'http://127.0.0.1:5173/dashboard?success=true',
      client_reference_id: companyId,
      metadata: { company_id: companyId },
      subscription_data: { metadata: { company_id: companyId } },
    });
    const pay = await fetch(`${standinsUrl}/checkout/${session.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123', name: 'Bench' }),
      redirect: 'manual',
    });
    await pay.body?.cancel();
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    if (paid.payment_status !== 'paid' || typeof paid.subscription !== 'string') {
      throw new Error(`bench checkout ${session.id} was not paid`);
    }
    return { companyId, customerId: customer.id, subscriptionId: paid.subscription, sessionId: session.id };
  };

  try {
    // 1. Handling time per event, one company, events one after another.
    const timed = await buy(0);
    const updated = await stripe.subscriptions.retrieve(timed.subscriptionId);
    for (let i = 0; i < 5; i++)
      await deliver(envelope(`evt_bench_${run}_warm_${i}`, 'customer.subscription.updated', updated));
    const latencies: number[] = [];
    const started = performance.now();
    for (let i = 0; i < TIMED_EVENTS; i++) {
      const event = envelope(`evt_bench_${run}_t_${i}`, 'customer.subscription.updated', updated);
      const t0 = performance.now();
      const { status } = await deliver(event);
      latencies.push(performance.now() - t0);
      if (status !== 200) throw new Error(`webhook answered ${status}`);
    }
    const perEvent = summarise(latencies, performance.now() - started);

    // 2. 100 concurrent deliveries of 20 distinct events.
    // One database connection, so companies are bought one after another.
    const paid: Paid[] = [];
    for (let i = 1; i <= COMPANIES; i++) paid.push(await buy(i));
    const cancelled = new Set(paid.filter((_, i) => i % 2 === 0).map((p) => p.companyId));
    for (const p of paid) if (cancelled.has(p.companyId)) await stripe.subscriptions.cancel(p.subscriptionId);
    // The stand-in notifies the cancellations on its own time; wait for them, then put every
    // company on the wrong plan so only the burst can put it right.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await db.query<{ n: number }>(
        'select count(*)::int as n from public.companies where id = any($1) and premium = false',
        [[...cancelled]],
      );
      if (rows[0]?.n === cancelled.size || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const p of paid) {
      await db.query('update public.companies set premium = $2 where id = $1', [
        p.companyId,
        cancelled.has(p.companyId),
      ]);
    }

    const distinct: Record<string, unknown>[] = [];
    for (const p of paid) {
      const session = await stripe.checkout.sessions.retrieve(p.sessionId);
      const subscription = await stripe.subscriptions.retrieve(p.subscriptionId);
      distinct.push(envelope(`evt_bench_${run}_c_${p.companyId}`, 'checkout.session.completed', session));
      // Stale on purpose: the opposite of the subscription's status now.
      const stale = { ...subscription, status: cancelled.has(p.companyId) ? 'active' : 'canceled' };
      distinct.push(envelope(`evt_bench_${run}_u_${p.companyId}`, 'customer.subscription.updated', stale));
    }
    const deliveries = distinct.flatMap((e) => Array.from({ length: COPIES }, () => e));
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [deliveries[i], deliveries[j]] = [
        deliveries[j] as Record<string, unknown>,
        deliveries[i] as Record<string, unknown>,
      ];
    }
    const t0 = performance.now();
    const answers = await Promise.all(deliveries.map((e) => deliver(e)));
    const ms = performance.now() - t0;

    const statuses: Record<string, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    const recorded = await db.query<{ n: number }>(
      `select count(*)::int as n from public.stripe_events where id like $1`,
      [`evt_bench_${run}_c_%`],
    );
    const recordedU = await db.query<{ n: number }>(
      `select count(*)::int as n from public.stripe_events where id like $1`,
      [`evt_bench_${run}_u_%`],
    );
    const plans = await db.query<{ id: string; premium: boolean }>(
      'select id, premium from public.companies where id = any($1)',
      [paid.map((p) => p.companyId)],
    );
    const companiesRight = plans.rows.filter((r) => r.premium === !cancelled.has(r.id)).length;
    const recordedEvents = (recorded.rows[0]?.n ?? 0) + (recordedU.rows[0]?.n ?? 0);
    const appliedAnswers = answers.filter((a) => a.applied).length;
    return {
      perEvent,
      burst: {
        deliveries: deliveries.length,
        distinctEvents: distinct.length,
        statuses,
        appliedAnswers,
        recordedEvents,
        companiesRight,
        companies: paid.length,
        ms,
        correct:
          statuses['200'] === deliveries.length &&
          appliedAnswers === distinct.length &&
          recordedEvents === distinct.length &&
          companiesRight === paid.length,
      },
    };
  } finally {
    await db.query(
      'delete from public.stripe_events where id like $1 or company_id = any($2) or customer_id = any($3)',
      [`evt_bench_${run}_%`, companyIds, customerIds],
    );
    await db.query('delete from auth.users where id = any($1)', [companyIds]);
    await db.end();
  }
}
