/**
 * The Stripe stand-in's in-memory account: customers, checkout sessions, subscriptions, portal
 * sessions and events, as Stripe objects in Stripe's wire shape (test mode, `livemode: false`).
 */
import { nowSeconds, randomId } from '../http.ts';

/** The API version of the `stripe` SDK this stand-in was written against; a request's `Stripe-Version` wins. */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

/** Every price costs this much: the product has one premium plan, priced per currency. */
export const PRICE_UNIT_AMOUNT = 49900;
const KNOWN_CURRENCIES = ['cad', 'usd', 'eur', 'gbp', 'aud'];

export interface Customer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  discount: null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Record<string, string>;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: null;
  metadata: Record<string, string>;
  nickname: string | null;
  product: string;
  recurring: {
    interval: 'month';
    interval_count: number;
    meter: null;
    trial_period_days: null;
    usage_type: 'licensed';
  };
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface LineItem {
  id: string;
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  price: Price;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  after_expiration: null;
  allow_promotion_codes: boolean | null;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: boolean; liability: null; status: null };
  billing_address_collection: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: null;
  consent: null;
  consent_collection: null;
  created: number;
  currency: string;
  custom_fields: never[];
  custom_text: { after_submit: null; shipping_address: null; submit: null; terms_of_service_acceptance: null };
  customer: string | null;
  customer_creation: 'always' | 'if_required' | null;
  customer_details: {
    address: null;
    email: string | null;
    name: string | null;
    phone: null;
    tax_exempt: 'none';
    tax_ids: never[];
  } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: 'subscription' | 'payment';
  payment_intent: string | null;
  payment_link: null;
  payment_method_collection: 'always';
  payment_method_types: string[];
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  phone_number_collection: { enabled: boolean };
  recovered_from: null;
  setup_intent: null;
  shipping_address_collection: null;
  shipping_cost: null;
  shipping_options: never[];
  status: 'open' | 'complete' | 'expired';
  submit_type: null;
  subscription: string | null;
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted';
  url: string | null;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  current_period_end: number;
  current_period_start: number;
  customer: string;
  default_payment_method: string | null;
  description: null;
  discounts: never[];
  ended_at: number | null;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      created: number;
      current_period_end: number;
      current_period_start: number;
      metadata: Record<string, string>;
      price: Price;
      quantity: number;
      subscription: string;
    }[];
    has_more: false;
    url: string;
  };
  latest_invoice: string | null;
  livemode: false;
  metadata: Record<string, string>;
  start_date: number;
  status: 'active' | 'canceled';
  test_clock: null;
  trial_end: null;
  trial_start: null;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  url: string;
  attemptedAt: string;
  durationMs: number;
  /** HTTP status of the endpoint's answer; absent when no answer came (refused, timed out). */
  status?: number;
  ok: boolean;
  responseBody?: string;
  error?: string;
}

export class StripeStore {
  readonly customers = new Map<string, Customer>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly lineItems = new Map<string, LineItem[]>();
  /** `subscription_data[metadata]` of a session, copied onto the subscription it creates. */
  readonly subscriptionMetadata = new Map<string, Record<string, string>>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly portalSessions = new Map<string, PortalSession>();
  readonly events: StripeEvent[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  readonly idempotency = new Map<string, { requestKey: string; status: number; body: unknown }>();
  apiVersion = DEFAULT_API_VERSION;

  reset(): void {
    this.customers.clear();
    this.sessions.clear();
    this.lineItems.clear();
    this.subscriptionMetadata.clear();
    this.subscriptions.clear();
    this.portalSessions.clear();
    this.events.length = 0;
    this.deliveries.length = 0;
    this.idempotency.clear();
    this.apiVersion = DEFAULT_API_VERSION;
  }

  createCustomer(fields: {
    email?: string | null;
    name?: string | null;
    phone?: string | null;
    description?: string | null;
    metadata?: Record<string, string>;
  }): Customer {
    const customer: Customer = {
      id: randomId('cus_', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: fields.description ?? null,
      discount: null,
      email: fields.email ?? null,
      invoice_prefix: randomId('', 8).toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: fields.metadata ?? {},
      name: fields.name ?? null,
      next_invoice_sequence: 1,
      phone: fields.phone ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  createSubscription(session: CheckoutSession, customerId: string, paymentMethod: string): Subscription {
    const now = nowSeconds();
    const periodEnd = addMonth(now);
    const id = randomId('sub_');
    const items = (this.lineItems.get(session.id) ?? []).map((item) => ({
      id: randomId('si_', 14),
      object: 'subscription_item' as const,
      created: now,
      current_period_end: periodEnd,
      current_period_start: now,
      metadata: {},
      price: item.price,
      quantity: item.quantity,
      subscription: id,
    }));
    const subscription: Subscription = {
      id,
      object: 'subscription',
      billing_cycle_anchor: now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: now,
      currency: session.currency,
      current_period_end: periodEnd,
      current_period_start: now,
      customer: customerId,
      default_payment_method: paymentMethod,
      description: null,
      discounts: [],
      ended_at: null,
      items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
      latest_invoice: null,
      livemode: false,
      metadata: this.subscriptionMetadata.get(session.id) ?? {},
      start_date: now,
      status: 'active',
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  createEvent(type: string, object: unknown, previousAttributes?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: randomId('evt_'),
      object: 'event',
      api_version: this.apiVersion,
      created: nowSeconds(),
      // A snapshot: later changes to the object must not rewrite history.
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    if (previousAttributes) event.data.previous_attributes = previousAttributes;
    this.events.push(event);
    return event;
  }
}

function addMonth(seconds: number): number {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

/**
 * Any `price_…` id is a price of the premium plan: 499.00 a month, in the currency its id ends
 * with (`price_premium_usd`), Canadian dollars otherwise.
 */
export function priceFor(id: string): Price | undefined {
  if (!/^price_[A-Za-z0-9_]+$/.test(id)) return undefined;
  const suffix = id.slice(id.lastIndexOf('_') + 1).toLowerCase();
  const currency = KNOWN_CURRENCIES.includes(suffix) ? suffix : 'cad';
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: 1_700_000_000,
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: 'Premium',
    product: 'prod_CareCoverPremium',
    recurring: {
      interval: 'month',
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: PRICE_UNIT_AMOUNT,
    unit_amount_decimal: String(PRICE_UNIT_AMOUNT),
  };
}

export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}
