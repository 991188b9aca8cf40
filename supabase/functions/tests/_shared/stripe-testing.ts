// Test helpers for the billing functions (imported only by *.test.ts files): a fake Stripe API on a
// loopback port that the real SDK talks to, a fake Supabase (Auth user + the companies table under
// RLS), signed webhook requests, and an in-memory BillingStore with the database's semantics.
import type { BillingStore, CompanyBilling, RecordOutcome, StripeEventRecord } from '../../_shared/billing.ts';
import { Stripe } from '../../_shared/stripe.ts';
import { fakeJwt, type FakeHandler, type FakeServer, type RecordedRequest, startFakeServer } from './testing.ts';

export const WEBHOOK_SECRET = 'whsec_test_secret_for_deno_tests';

export interface FakeUser {
  token: string;
  id: string;
  email: string;
}

export function fakeUser(id: string, email: string): FakeUser {
  return { token: fakeJwt({ sub: id, email }), id, email };
}

/** Supabase Auth's `/auth/v1/user` and PostgREST's `/rest/v1/companies`: a user sees only its own row. */
export function fakeSupabase(users: FakeUser[], companies: CompanyBilling[]): FakeHandler {
  return (req) => {
    const token = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    const user = users.find((u) => u.token === token);
    if (req.url.pathname === '/auth/v1/user') {
      if (!user) {
        return Response.json(
          { code: 403, error_code: 'bad_jwt', msg: 'invalid claim: missing sub claim' },
          { status: 403 },
        );
      }
      return Response.json({ id: user.id, aud: 'authenticated', role: 'authenticated', email: user.email });
    }
    if (req.url.pathname === '/rest/v1/companies') {
      const idFilter = req.url.searchParams.get('id');
      const rows = companies.filter((c) => c.id === user?.id && idFilter === `eq.${c.id}`);
      if ((req.headers.get('accept') ?? '').includes('vnd.pgrst.object')) {
        if (rows.length !== 1) {
          return Response.json(
            {
              code: 'PGRST116',
              message: 'JSON object requested, multiple (or no) rows returned',
              details: null,
              hint: null,
            },
            { status: 406 },
          );
        }
        return Response.json(rows[0]);
      }
      return Response.json(rows);
    }
    return Response.json({ message: 'not found' }, { status: 404 });
  };
}

export interface FakeStripeState {
  customers: { id: string; email: string | null; metadata: Record<string, string> }[];
  subscriptions: {
    id: string;
    customer: string;
    status: Stripe.Subscription.Status;
    metadata: Record<string, string>;
  }[];
  /** Every POST /v1/checkout/sessions form, as flat `key → value` pairs. */
  sessions: Record<string, string>[];
  portals: Record<string, string>[];
  /** When set, every API call answers this HTTP status with a Stripe error. */
  failWith?: number;
}

export function newStripeState(): FakeStripeState {
  return { customers: [], subscriptions: [], sessions: [], portals: [] };
}

function form(req: RecordedRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(req.body));
}

function stripeError(status: number, message: string, code?: string): Response {
  return Response.json(
    { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message, code } },
    { status },
  );
}

/** The few Stripe API calls the billing functions make, answered from `state`. */
export function fakeStripe(state: FakeStripeState): FakeHandler {
  return (req) => {
    if (state.failWith) return stripeError(state.failWith, 'Something went wrong on Stripe’s end.');
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/v1/customers/search') {
      const match = /metadata\['company_id'\]:'([^']*)'/.exec(req.url.searchParams.get('query') ?? '');
      const data = state.customers.filter((c) => match && c.metadata.company_id === match[1]);
      return Response.json({ object: 'search_result', data, has_more: false, url: path });
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      const f = form(req);
      const metadata = Object.fromEntries(
        Object.entries(f)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      );
      const customer = {
        id: `cus_fake${state.customers.length + 1}`,
        object: 'customer',
        email: f.email ?? null,
        metadata,
      };
      state.customers.push(customer);
      return Response.json(customer);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const f = form(req);
      state.sessions.push(f);
      const id = `cs_test_fake${state.sessions.length}`;
      return Response.json({
        id,
        object: 'checkout.session',
        mode: f.mode,
        customer: f.customer ?? null,
        client_reference_id: f.client_reference_id ?? null,
        url: `https://checkout.example/${id}`,
      });
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && subscription) {
      const found = state.subscriptions.find((s) => s.id === subscription[1]);
      if (!found) return stripeError(404, `No such subscription: '${subscription[1]}'`, 'resource_missing');
      return Response.json({ object: 'subscription', ...found });
    }
    if (req.method === 'GET' && path === '/v1/subscriptions') {
      const customer = req.url.searchParams.get('customer');
      const data = state.subscriptions
        .filter((s) => s.customer === customer)
        .map((s) => ({ object: 'subscription', ...s }));
      return Response.json({ object: 'list', data, has_more: false, url: path });
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const f = form(req);
      state.portals.push(f);
      return Response.json({
        id: `bps_fake${state.portals.length}`,
        object: 'billing_portal.session',
        customer: f.customer,
        return_url: f.return_url,
        url: `https://billing.example/bps_fake${state.portals.length}`,
      });
    }
    return stripeError(404, `Unrecognized request URL (${req.method}: ${path}).`);
  };
}

export async function startFakeStripe(state: FakeStripeState): Promise<FakeServer> {
  return await startFakeServer(fakeStripe(state));
}

/** A webhook request as Stripe sends it, signed with `secret` at `timestamp` (seconds). */
export async function signedWebhook(
  event: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
): Promise<Request> {
  const payload = JSON.stringify(event);
  const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8' });
  const signature =
    options.signature === undefined
      ? await new Stripe('sk_test_unused', {
          httpClient: Stripe.createFetchHttpClient(),
        }).webhooks.generateTestHeaderStringAsync({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
          cryptoProvider: Stripe.createSubtleCryptoProvider(),
        })
      : options.signature;
  if (signature !== null) headers.set('Stripe-Signature', signature);
  return new Request('http://127.0.0.1/functions/v1/stripe-webhook', { method: 'POST', headers, body: payload });
}

let eventCounter = 0;

/** A Stripe event envelope around `object`. */
export function stripeEvent(type: string, object: Record<string, unknown>, id?: string): Record<string, unknown> {
  return {
    id: id ?? `evt_test_${++eventCounter}`,
    object: 'event',
    api_version: '2026-01-28.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/**
 * BillingStore with the database's semantics: a new event id applies its effect once, a known one
 * does nothing, an event whose company cannot be found is refused and not recorded.
 */
export class MemoryBillingStore implements BillingStore {
  readonly recorded: StripeEventRecord[] = [];
  readonly calls: StripeEventRecord[] = [];
  readonly links: { companyId: string; customerId: string }[] = [];
  constructor(readonly companies: CompanyBilling[]) {}

  linkCustomer(companyId: string, customerId: string): Promise<string> {
    this.links.push({ companyId, customerId });
    const company = this.companies.find((c) => c.id === companyId);
    if (!company) return Promise.reject(new Error('No company matches this id'));
    company.stripe_customer_id ??= customerId;
    return Promise.resolve(company.stripe_customer_id);
  }

  recordEvent(event: StripeEventRecord): Promise<RecordOutcome> {
    this.calls.push(event);
    if (this.recorded.some((e) => e.id === event.id)) return Promise.resolve('duplicate');
    const company = this.companies.find((c) =>
      event.companyId ? c.id === event.companyId : c.stripe_customer_id === event.customerId,
    );
    if (!company) return Promise.resolve('unknown_company');
    this.recorded.push(event);
    if (event.premium !== null) company.premium = event.premium;
    if (event.customerId) company.stripe_customer_id = event.customerId;
    return Promise.resolve('applied');
  }
}

export function company(id: string, overrides: Partial<CompanyBilling> = {}): CompanyBilling {
  return {
    id,
    email: `${id.slice(0, 4)}@agency.test`,
    company_name: 'Sunrise Care',
    country: 'Canada',
    premium: false,
    stripe_customer_id: null,
    ...overrides,
  };
}
