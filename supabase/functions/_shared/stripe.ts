// The Stripe SDK as every billing function uses it: Deno's fetch as the HTTP client, and the API's
// base URL from STRIPE_API_URL (the local stand-in, or https://api.stripe.com in production), so
// the code is the same in both places and only settings differ.
import Stripe from 'npm:stripe@23.1.0';
import type { BillingCurrency } from './currency.ts';
import { baseUrl, type Env, requireEnv } from './env.ts';

export { Stripe };

export const STRIPE_API_URL = 'https://api.stripe.com';
/** Where Checkout and the portal send the browser back to; production sets SITE_URL. */
export const DEFAULT_SITE_URL = 'http://127.0.0.1:5173';
/** Stripe's own default: a signed webhook older than this is refused as a possible replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function createStripe(env: Env, fetchImpl: typeof fetch = fetch): Stripe {
  const url = new URL(baseUrl(env, 'STRIPE_API_URL', STRIPE_API_URL));
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(requireEnv(env, 'STRIPE_SECRET_KEY'), {
    httpClient: Stripe.createFetchHttpClient(fetchImpl),
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 1,
    timeout: 10_000,
    appInfo: { name: 'CareCover' },
  });
}

/** The premium plan's Stripe price for a currency, from the function's secrets (never the browser). */
export function premiumPriceId(env: Env, currency: BillingCurrency): string {
  return requireEnv(env, currency === 'usd' ? 'STRIPE_PRICE_ID_USD' : 'STRIPE_PRICE_ID_CAD');
}

/** The dashboard's origin, without a trailing slash. */
export function siteUrl(env: Env): string {
  return baseUrl(env, 'SITE_URL', DEFAULT_SITE_URL);
}

/** The id of an expandable Stripe field (`"cus_…"` or `{ id: "cus_…" }`), or null. */
export function stripeId(value: string | { id: string } | null | undefined): string | null {
  if (typeof value === 'string') return value || null;
  return value?.id ?? null;
}

/** A Stripe client made on first use and then reused, so a missing secret fails a call, not start-up. */
export function lazyStripe(env: Env): () => Stripe {
  let stripe: Stripe | undefined;
  return () => (stripe ??= createStripe(env));
}
