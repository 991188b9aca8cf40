/**
 * The Stripe REST endpoints the product uses, under `/v1`, in Stripe's wire shape, so the
 * official SDK configured with `{ host, port, protocol: 'http' }` works against it unchanged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nowSeconds, randomId, readBody, sendJson } from '../http.ts';
import {
  allowOnly,
  expandParam,
  metadataParam,
  optionalInteger,
  optionalObject,
  optionalString,
  parseForm,
  requiredString,
  StripeApiError,
  type FormObject,
} from './form.ts';
import {
  priceFor,
  type CheckoutSession,
  type Customer,
  type LineItem,
  type PortalSession,
  type StripeEvent,
  type StripeStore,
  type Subscription,
} from './store.ts';
import { deliverAll, type WebhookTarget } from './webhooks.ts';

export interface StripeContext {
  store: StripeStore;
  /** Base URL of the stand-ins server, for the hosted pages' links. */
  baseUrl: string;
  webhookTarget(): WebhookTarget;
}

const API_KEY_MISSING =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

const IDEMPOTENCY_KEYS_KEPT = 1000;

function apiKeyOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, value = ''] = header.split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer') return value.trim();
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return decoded.slice(0, decoded.includes(':') ? decoded.indexOf(':') : undefined);
  }
  return undefined;
}

function checkApiKey(req: IncomingMessage): string {
  const key = apiKeyOf(req);
  if (!key) throw new StripeApiError(401, 'invalid_request_error', API_KEY_MISSING);
  // Test-mode secret or restricted keys only: a live key must never end up pointed at a stand-in.
  if (!/^(sk|rk)_test_[A-Za-z0-9_]+$/.test(key)) {
    const shown =
      key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(Math.min(key.length - 12, 20))}${key.slice(-4)}` : key;
    throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${shown}`, 'api_key_invalid');
  }
  return key;
}

function notFound(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);
}

function list<T extends { created: number }>(
  items: T[],
  query: FormObject,
  url: string,
): { object: 'list'; data: T[]; has_more: boolean; url: string } {
  const limit = optionalInteger(query, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'This value must be between 1 and 100 (it currently is ' + limit + ').',
      'parameter_invalid_integer',
      'limit',
    );
  }
  const sorted = [...items].reverse().sort((a, b) => b.created - a.created);
  const after = optionalString(query, 'starting_after');
  let start = 0;
  if (after) {
    const i = sorted.findIndex((item) => (item as unknown as { id: string }).id === after);
    start = i >= 0 ? i + 1 : sorted.length;
  }
  const data = sorted.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < sorted.length, url };
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value.replace('{CHECKOUT_SESSION_ID}', 'x'));
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function urlParam(form: FormObject, key: string, required: boolean): string | null {
  const value = required ? requiredString(form, key) : optionalString(form, key);
  if (value === undefined || value === '') return null;
  if (!isHttpUrl(value)) throw new StripeApiError(400, 'invalid_request_error', 'Not a valid URL', 'url_invalid', key);
  return value;
}

// --- expansion -------------------------------------------------------------------------------

function expandObject(ctx: StripeContext, value: unknown, paths: string[]): unknown {
  if (!paths.length || typeof value !== 'object' || value === null) return value;
  const copy = structuredClone(value) as Record<string, unknown>;
  const groups = new Map<string, string[]>();
  for (const path of paths) {
    const [head = '', ...rest] = path.split('.');
    const sub = groups.get(head) ?? [];
    if (rest.length) sub.push(rest.join('.'));
    groups.set(head, sub);
  }
  for (const [field, rest] of groups) {
    const current = copy[field];
    if (field === 'data' && Array.isArray(current)) {
      copy.data = current.map((item) => expandObject(ctx, item, rest));
    } else if (field === 'line_items' && copy.object === 'checkout.session') {
      const items = ctx.store.lineItems.get(String(copy.id)) ?? [];
      copy.line_items = {
        object: 'list',
        data: items,
        has_more: false,
        url: `/v1/checkout/sessions/${String(copy.id)}/line_items`,
      };
    } else if (typeof current === 'string') {
      const target = ctx.store.customers.get(current) ?? ctx.store.subscriptions.get(current);
      if (!target) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `This property cannot be expanded (${field}).`,
          undefined,
          'expand',
        );
      }
      copy[field] = expandObject(ctx, target, rest);
    } else if (current === undefined) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `This property cannot be expanded (${field}).`,
        undefined,
        'expand',
      );
    }
  }
  return copy;
}

// --- customers -------------------------------------------------------------------------------

const CUSTOMER_PARAMS = ['email', 'name', 'phone', 'description', 'metadata', 'expand', 'preferred_locales'];

function createCustomer(ctx: StripeContext, form: FormObject): Customer {
  allowOnly(form, CUSTOMER_PARAMS);
  return ctx.store.createCustomer({
    email: optionalString(form, 'email') || null,
    name: optionalString(form, 'name') || null,
    phone: optionalString(form, 'phone') || null,
    description: optionalString(form, 'description') || null,
    metadata: metadataParam(form),
  });
}

function getCustomer(ctx: StripeContext, id: string, param = 'id'): Customer {
  const customer = ctx.store.customers.get(id);
  if (!customer) throw notFound('customer', id, param);
  return customer;
}

function updateCustomer(ctx: StripeContext, id: string, form: FormObject): Customer {
  allowOnly(form, CUSTOMER_PARAMS);
  const customer = getCustomer(ctx, id);
  for (const key of ['email', 'name', 'phone', 'description'] as const) {
    const value = optionalString(form, key);
    if (value !== undefined) customer[key] = value || null;
  }
  customer.metadata = metadataParam(form, customer.metadata);
  return customer;
}

/** Stripe's search language, enough of it: `email:'a@b.c'`, `name~'acme'`, `metadata['k']:'v'`, AND/OR. */
function searchCustomers(ctx: StripeContext, query: string): Customer[] {
  const clause = /^\s*(email|name|phone|metadata\[['"]([^'"]+)['"]\])\s*(:|~)\s*['"]([^'"]*)['"]\s*$/i;
  const orParts = query.split(/\s+OR\s+/);
  const groups = orParts.map((part) =>
    part.split(/\s+AND\s+/).map((c) => {
      const m = clause.exec(c);
      if (!m) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `Invalid search query: ${query}`,
          'parameter_invalid_string',
          'query',
        );
      }
      return { field: (m[1] ?? '').toLowerCase(), metaKey: m[2], op: m[3], value: m[4] ?? '' };
    }),
  );
  return [...ctx.store.customers.values()].filter((c) =>
    groups.some((group) =>
      group.every(({ field, metaKey, op, value }) => {
        const actual =
          metaKey !== undefined
            ? c.metadata[metaKey]
            : field === 'email'
              ? c.email
              : field === 'name'
                ? c.name
                : c.phone;
        if (actual == null) return false;
        return op === '~'
          ? actual.toLowerCase().includes(value.toLowerCase())
          : actual.toLowerCase() === value.toLowerCase();
      }),
    ),
  );
}

// --- checkout sessions -----------------------------------------------------------------------

const SESSION_PARAMS = [
  'mode',
  'customer',
  'customer_email',
  'customer_creation',
  'customer_update',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'metadata',
  'subscription_data',
  'payment_method_types',
  'allow_promotion_codes',
  'billing_address_collection',
  'automatic_tax',
  'locale',
  'ui_mode',
  'expand',
  'expires_at',
];

function createCheckoutSession(ctx: StripeContext, form: FormObject): CheckoutSession {
  allowOnly(form, SESSION_PARAMS);
  const mode = requiredString(form, 'mode');
  if (mode !== 'subscription' && mode !== 'payment') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid mode: must be one of payment or subscription (this stand-in does not support ${mode})`,
      'parameter_invalid_string',
      'mode',
    );
  }
  const uiMode = optionalString(form, 'ui_mode');
  if (uiMode && uiMode !== 'hosted') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'This stand-in supports only the hosted checkout page (ui_mode: hosted).',
      'parameter_invalid_string',
      'ui_mode',
    );
  }
  const customerId = optionalString(form, 'customer') || null;
  const customerEmail = optionalString(form, 'customer_email') || null;
  if (customerId && customerEmail) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'You may only specify one of these parameters: customer, customer_email.',
      'parameter_invalid_string',
      'customer_email',
    );
  }
  if (customerId) getCustomer(ctx, customerId, 'customer');
  const successUrl = urlParam(form, 'success_url', true);
  const cancelUrl = urlParam(form, 'cancel_url', false);

  const rawItems = form.line_items;
  if (rawItems === undefined || rawItems === '') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Missing required param: line_items.',
      'parameter_missing',
      'line_items',
    );
  }
  if (!Array.isArray(rawItems) || rawItems.length === 0) {
    throw new StripeApiError(400, 'invalid_request_error', 'Invalid array', 'parameter_invalid_string', 'line_items');
  }
  const items: LineItem[] = rawItems.map((raw, i) => {
    if (typeof raw !== 'object' || Array.isArray(raw)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Invalid object',
        'parameter_invalid_string',
        `line_items[${i}]`,
      );
    }
    allowOnly(raw, ['price', 'quantity']);
    const priceId = requiredString(raw, 'price', `line_items[${i}][price]`);
    const price = priceFor(priceId);
    if (!price) throw notFound('price', priceId, `line_items[${i}][price]`);
    const quantity = optionalInteger(raw, 'quantity', `line_items[${i}][quantity]`) ?? 1;
    if (quantity < 1) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Quantity must be at least 1.',
        'parameter_invalid_integer',
        `line_items[${i}][quantity]`,
      );
    }
    const amount = price.unit_amount * quantity;
    return {
      id: randomId('li_'),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: 'CareCover Premium',
      price,
      quantity,
    };
  });
  const currency = items[0]?.currency ?? 'cad';
  if (items.some((item) => item.currency !== currency)) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'All prices must be in the same currency.',
      'parameter_invalid_string',
      'line_items',
    );
  }
  const total = items.reduce((sum, item) => sum + item.amount_total, 0);
  const subscriptionData = optionalObject(form, 'subscription_data');
  const now = nowSeconds();
  const id = randomId('cs_test_', 58);
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: optionalString(form, 'allow_promotion_codes') === 'true' ? true : null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: optionalString(form, 'billing_address_collection') ?? null,
    cancel_url: cancelUrl,
    client_reference_id: optionalString(form, 'client_reference_id') || null,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: customerId,
    customer_creation: customerId ? null : mode === 'subscription' ? 'always' : 'if_required',
    customer_details: customerEmail
      ? { address: null, email: customerEmail, name: null, phone: null, tax_exempt: 'none', tax_ids: [] }
      : null,
    customer_email: customerEmail,
    expires_at: optionalInteger(form, 'expires_at') ?? now + 24 * 3600,
    invoice: null,
    livemode: false,
    locale: optionalString(form, 'locale') ?? null,
    metadata: metadataParam(form),
    mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `${ctx.baseUrl}/checkout/${id}`,
  };
  ctx.store.sessions.set(id, session);
  ctx.store.lineItems.set(id, items);
  if (subscriptionData) ctx.store.subscriptionMetadata.set(id, metadataParam(subscriptionData));
  return session;
}

function getSession(ctx: StripeContext, id: string): CheckoutSession {
  const session = ctx.store.sessions.get(id);
  if (!session) throw notFound('checkout.session', id);
  if (session.status === 'open' && session.expires_at < nowSeconds()) {
    session.status = 'expired';
    session.url = null;
  }
  return session;
}

// --- subscriptions and portal ---------------------------------------------------------------

function getSubscription(ctx: StripeContext, id: string): Subscription {
  const subscription = ctx.store.subscriptions.get(id);
  if (!subscription) throw notFound('subscription', id);
  return subscription;
}

/** Cancels at once, as `DELETE /v1/subscriptions/:id` and the portal's button do. */
export function cancelSubscription(ctx: StripeContext, subscription: Subscription): StripeEvent | undefined {
  if (subscription.status === 'canceled') return undefined;
  const now = nowSeconds();
  subscription.status = 'canceled';
  subscription.canceled_at = now;
  subscription.ended_at = now;
  return ctx.store.createEvent('customer.subscription.deleted', subscription);
}

function createPortalSession(ctx: StripeContext, form: FormObject): PortalSession {
  allowOnly(form, ['customer', 'return_url', 'configuration', 'locale', 'flow_data', 'on_behalf_of', 'expand']);
  const customer = requiredString(form, 'customer');
  getCustomer(ctx, customer, 'customer');
  const id = randomId('bps_');
  const session: PortalSession = {
    id,
    object: 'billing_portal.session',
    configuration: optionalString(form, 'configuration') ?? 'bpc_CareCoverDefault',
    created: nowSeconds(),
    customer,
    flow: null,
    livemode: false,
    locale: optionalString(form, 'locale') ?? null,
    on_behalf_of: null,
    return_url: urlParam(form, 'return_url', false),
    url: `${ctx.baseUrl}/billing/${id}`,
  };
  ctx.store.portalSessions.set(id, session);
  return session;
}

// --- routing ---------------------------------------------------------------------------------

type Handler = (ctx: StripeContext, form: FormObject, params: string[]) => unknown;

const routes: [string, RegExp, Handler][] = [
  ['POST', /^\/v1\/customers$/, (ctx, form) => createCustomer(ctx, form)],
  [
    'GET',
    /^\/v1\/customers$/,
    (ctx, form) => {
      allowOnly(form, ['email', 'limit', 'starting_after', 'ending_before', 'expand', 'created']);
      const email = optionalString(form, 'email');
      const all = [...ctx.store.customers.values()].filter((c) => email === undefined || c.email === email);
      return list(all, form, '/v1/customers');
    },
  ],
  [
    'GET',
    /^\/v1\/customers\/search$/,
    (ctx, form) => {
      allowOnly(form, ['query', 'limit', 'page', 'expand']);
      const found = searchCustomers(ctx, requiredString(form, 'query'));
      const page = list(found, form, '/v1/customers/search');
      return { object: 'search_result', data: page.data, has_more: page.has_more, next_page: null, url: page.url };
    },
  ],
  ['GET', /^\/v1\/customers\/([^/]+)$/, (ctx, _form, [id = '']) => getCustomer(ctx, id)],
  ['POST', /^\/v1\/customers\/([^/]+)$/, (ctx, form, [id = '']) => updateCustomer(ctx, id, form)],
  [
    'DELETE',
    /^\/v1\/customers\/([^/]+)$/,
    (ctx, _form, [id = '']) => {
      getCustomer(ctx, id);
      ctx.store.customers.delete(id);
      return { id, object: 'customer', deleted: true };
    },
  ],
  [
    'GET',
    /^\/v1\/prices\/([^/]+)$/,
    (_ctx, _form, [id = '']) => {
      const price = priceFor(id);
      if (!price) throw notFound('price', id);
      return price;
    },
  ],
  ['POST', /^\/v1\/checkout\/sessions$/, (ctx, form) => createCheckoutSession(ctx, form)],
  [
    'GET',
    /^\/v1\/checkout\/sessions$/,
    (ctx, form) => {
      allowOnly(form, ['customer', 'subscription', 'status', 'limit', 'starting_after', 'ending_before', 'expand']);
      const customer = optionalString(form, 'customer');
      const subscription = optionalString(form, 'subscription');
      const status = optionalString(form, 'status');
      const all = [...ctx.store.sessions.keys()]
        .map((id) => getSession(ctx, id))
        .filter(
          (s) =>
            (customer === undefined || s.customer === customer) &&
            (subscription === undefined || s.subscription === subscription) &&
            (status === undefined || s.status === status),
        );
      return list(all, form, '/v1/checkout/sessions');
    },
  ],
  ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (ctx, _form, [id = '']) => getSession(ctx, id)],
  [
    'GET',
    /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    (ctx, _form, [id = '']) => {
      getSession(ctx, id);
      const items = ctx.store.lineItems.get(id) ?? [];
      return { object: 'list', data: items, has_more: false, url: `/v1/checkout/sessions/${id}/line_items` };
    },
  ],
  [
    'POST',
    /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    (ctx, _form, [id = '']) => {
      const session = getSession(ctx, id);
      if (session.status !== 'open') {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          undefined,
        );
      }
      session.status = 'expired';
      session.url = null;
      ctx.store.createEvent('checkout.session.expired', session);
      return session;
    },
  ],
  ['POST', /^\/v1\/billing_portal\/sessions$/, (ctx, form) => createPortalSession(ctx, form)],
  [
    'GET',
    /^\/v1\/subscriptions$/,
    (ctx, form) => {
      allowOnly(form, ['customer', 'status', 'price', 'limit', 'starting_after', 'ending_before', 'expand']);
      const customer = optionalString(form, 'customer');
      const status = optionalString(form, 'status');
      const all = [...ctx.store.subscriptions.values()].filter(
        (s) =>
          (customer === undefined || s.customer === customer) &&
          (status === 'all' || (status === undefined ? s.status !== 'canceled' : s.status === status)),
      );
      return list(all, form, '/v1/subscriptions');
    },
  ],
  ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (ctx, _form, [id = '']) => getSubscription(ctx, id)],
  [
    'DELETE',
    /^\/v1\/subscriptions\/([^/]+)$/,
    (ctx, _form, [id = '']) => {
      const subscription = getSubscription(ctx, id);
      const event = cancelSubscription(ctx, subscription);
      // Stripe answers the API call first and notifies the webhook endpoint on its own time.
      if (event) void deliverAll(ctx.store, [event], ctx.webhookTarget());
      return subscription;
    },
  ],
  [
    'GET',
    /^\/v1\/events$/,
    (ctx, form) => {
      allowOnly(form, ['type', 'types', 'limit', 'starting_after', 'ending_before', 'created', 'delivery_success']);
      const type = optionalString(form, 'type');
      const all = ctx.store.events.filter((e) => type === undefined || e.type === type);
      return list(all, form, '/v1/events');
    },
  ],
  [
    'GET',
    /^\/v1\/events\/([^/]+)$/,
    (ctx, _form, [id = '']) => {
      const event = ctx.store.events.find((e) => e.id === id);
      if (!event) throw notFound('event', id);
      return event;
    },
  ],
];

/** Answers any request under `/v1`. */
export async function handleStripeApi(
  ctx: StripeContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const requestId = randomId('req_', 14);
  const headers = { 'Request-Id': requestId, 'Stripe-Version': ctx.store.apiVersion };
  try {
    const apiKey = checkApiKey(req);
    const version = req.headers['stripe-version'];
    if (typeof version === 'string' && version) ctx.store.apiVersion = version;

    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readBody(req) : '';
    const form = parseForm(method === 'POST' ? body : url.search.slice(1));

    const idempotencyKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const cacheKey = typeof idempotencyKey === 'string' ? `${apiKey}:${idempotencyKey}` : undefined;
    const requestKey = `${method} ${url.pathname} ${body}`;
    if (cacheKey) {
      const cached = ctx.store.idempotency.get(cacheKey);
      if (cached) {
        if (cached.requestKey !== requestKey) {
          throw new StripeApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(idempotencyKey)}' if you meant to execute a different request.`,
          );
        }
        sendJson(res, cached.status, cached.body, { ...headers, 'Idempotent-Replayed': 'true' });
        return;
      }
    }

    for (const [routeMethod, pattern, handler] of routes) {
      const m = pattern.exec(url.pathname);
      if (!m || routeMethod !== method) continue;
      const params = m.slice(1).map((p) => decodeURIComponent(p ?? ''));
      const expand = expandParam(form);
      const result = expandObject(ctx, handler(ctx, form, params), expand);
      if (cacheKey) {
        ctx.store.idempotency.set(cacheKey, { requestKey, status: 200, body: result });
        // Stripe keeps keys for 24 hours; a dev stand-in only needs the recent ones the SDK retries with.
        const oldest = ctx.store.idempotency.keys().next();
        if (ctx.store.idempotency.size > IDEMPOTENCY_KEYS_KEPT && !oldest.done)
          ctx.store.idempotency.delete(oldest.value);
      }
      sendJson(res, 200, result, headers);
      return;
    }
    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  } catch (error) {
    if (error instanceof StripeApiError) {
      sendJson(res, error.status, error.toJSON(), headers);
      return;
    }
    throw error;
  }
}
