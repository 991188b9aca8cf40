// POST → { url } of a Stripe customer portal session for the caller's company, returning to the
// dashboard. Only a company that has subscribed (a Stripe customer with at least one subscription,
// even an ended one, so past invoices stay reachable) has billing to manage; others get a 409.
import { BillingError, billingErrorResponse, loadOwnCompany, signedInBillingUser } from '../_shared/billing.ts';
import { handlePreflight } from '../_shared/cors.ts';
import type { Env } from '../_shared/env.ts';
import { HttpError, json, requirePost, toErrorResponse } from '../_shared/http.ts';
import { siteUrl, type Stripe } from '../_shared/stripe.ts';
import type { UserClientFactory } from '../_shared/supabase.ts';

export const NOT_LOGGED_IN = 'You must be logged in to manage billing';
export const NOT_SUBSCRIBED = 'You have not subscribed yet, so there is no billing to manage.';
export const PORTAL_FAILED = 'There was an error opening the billing portal. Please try again';
export const NOT_A_COMPANY = 'Only agency accounts have billing to manage.';

export interface PortalDeps {
  env: Env;
  stripe: () => Stripe;
  createUserClient: UserClientFactory;
}

export function createPortalHandler(deps: PortalDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    const preflight = handlePreflight(req);
    if (preflight) return preflight;
    try {
      requirePost(req);
      const { user, client } = await signedInBillingUser(deps.createUserClient, req, NOT_LOGGED_IN);
      const company = await loadOwnCompany(client, user.id);
      if (!company) throw new BillingError(403, 'forbidden', NOT_A_COMPANY);
      const customer = company.stripe_customer_id;
      if (!customer) throw new BillingError(409, 'not_subscribed', NOT_SUBSCRIBED);
      // A customer is stored when checkout starts; one who never paid has no subscription yet.
      const subscriptions = await deps.stripe().subscriptions.list({ customer, status: 'all', limit: 1 });
      if (subscriptions.data.length === 0) throw new BillingError(409, 'not_subscribed', NOT_SUBSCRIBED);

      const session = await deps.stripe().billingPortal.sessions.create({
        customer,
        return_url: `${siteUrl(deps.env)}/dashboard`,
      });
      return json({ url: session.url });
    } catch (error) {
      if (error instanceof BillingError) return billingErrorResponse(error);
      if (error instanceof HttpError && error.status === 405) return toErrorResponse(error);
      console.error('billing-portal failed', error);
      return billingErrorResponse(new BillingError(502, 'portal_failed', PORTAL_FAILED));
    }
  };
}
