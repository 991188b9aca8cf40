// POST (any body) → { id, url, currency } of a Stripe Checkout session for the premium plan.
//
// Everything that matters is decided here, not by the browser: the caller is the user of the JWT,
// the company is that user's own row (read under RLS), the price is the one for the company's
// currency (from its country, SPEC §9) taken from the function's secrets. A priceId, email or
// userId in the body, as the old dashboard sent them, is ignored. The company's Stripe customer is
// reused, or found by metadata.company_id, or created, and stored before the session is created,
// so the webhook can always find the company by customer as well as by client_reference_id.
import {
  BillingError,
  billingErrorResponse,
  type BillingStore,
  type BillingUser,
  type CompanyBilling,
  loadOwnCompany,
  signedInBillingUser,
} from '../_shared/billing.ts';
import { handlePreflight } from '../_shared/cors.ts';
import { currencyForCountry } from '../_shared/currency.ts';
import type { Env } from '../_shared/env.ts';
import { HttpError, json, requirePost, toErrorResponse } from '../_shared/http.ts';
import { premiumPriceId, siteUrl, type Stripe, stripeId } from '../_shared/stripe.ts';
import type { UserClientFactory } from '../_shared/supabase.ts';

export const NOT_LOGGED_IN = 'You must be logged in to upgrade';
export const CHECKOUT_FAILED = 'There was an error starting the checkout. Please try again';
export const NOT_A_COMPANY = 'Only agency accounts can upgrade to Premium.';
export const ALREADY_PREMIUM = 'Your company is already on the Premium plan.';

export interface CheckoutDeps {
  env: Env;
  /** Made on first use, so a missing secret fails the call, not the function's start. */
  stripe: () => Stripe;
  createUserClient: UserClientFactory;
  billing: BillingStore;
}

export interface CheckoutAnswer {
  id: string;
  url: string;
  currency: 'cad' | 'usd';
}

async function findOrCreateCustomer(deps: CheckoutDeps, user: BillingUser, company: CompanyBilling): Promise<string> {
  if (company.stripe_customer_id) return company.stripe_customer_id;
  let customerId: string | null = null;
  try {
    // Finds a customer created earlier whose id was not stored (the link failed, or another tab won).
    const found = await deps.stripe().customers.search({ query: `metadata['company_id']:'${company.id}'`, limit: 1 });
    customerId = found.data[0]?.id ?? null;
  } catch (error) {
    // Search is not offered in every Stripe region; creating with an idempotency key still avoids twins.
    console.warn('Stripe customer search failed; creating one', error);
  }
  if (!customerId) {
    const email = user.email ?? company.email ?? undefined;
    const customer = await deps.stripe().customers.create(
      {
        email,
        name: company.company_name ?? undefined,
        metadata: { company_id: company.id },
      },
      { idempotencyKey: `carecover-customer-${company.id}-${email ?? ''}` },
    );
    customerId = customer.id;
  }
  return await deps.billing.linkCustomer(company.id, customerId);
}

export function createCheckoutHandler(deps: CheckoutDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    const preflight = handlePreflight(req);
    if (preflight) return preflight;
    try {
      requirePost(req);
      const { user, client } = await signedInBillingUser(deps.createUserClient, req, NOT_LOGGED_IN);
      // The body is not read: nothing in it may choose the price, the customer or the company.

      const company = await loadOwnCompany(client, user.id);
      if (!company) throw new BillingError(403, 'forbidden', NOT_A_COMPANY);
      if (company.premium) throw new BillingError(409, 'already_premium', ALREADY_PREMIUM);

      const currency = currencyForCountry(company.country);
      const price = premiumPriceId(deps.env, currency);
      const site = siteUrl(deps.env);
      const customer = await findOrCreateCustomer(deps, user, company);
      const session = await deps.stripe().checkout.sessions.create({
        mode: 'subscription',
        customer,
        line_items: [{ price, quantity: 1 }],
        success_url: `${site}/dashboard?success=true`,
        cancel_url: `${site}/dashboard`,
        client_reference_id: company.id,
        metadata: { company_id: company.id },
        subscription_data: { metadata: { company_id: company.id } },
      });
      if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
      if (stripeId(session.customer) !== customer) {
        console.warn(`Checkout session ${session.id} is for ${String(session.customer)}, not ${customer}`);
      }
      const answer: CheckoutAnswer = { id: session.id, url: session.url, currency };
      return json(answer);
    } catch (error) {
      if (error instanceof BillingError) return billingErrorResponse(error);
      if (error instanceof HttpError && error.status === 405) return toErrorResponse(error);
      // Stripe, the database or a missing setting: the details stay in the log, the user gets SPEC's sentence.
      console.error('create-checkout-session failed', error);
      return billingErrorResponse(new BillingError(502, 'checkout_failed', CHECKOUT_FAILED));
    }
  };
}
