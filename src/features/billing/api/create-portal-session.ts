import { callBillingFunction } from './call-billing-function.ts';

/**
 * A Stripe billing portal session for the company's customer (`billing-portal`): its URL, or a
 * BillingError of kind 'not-subscribed' when the company has never paid.
 */
export async function createPortalSession(): Promise<string> {
  const { url } = await callBillingFunction<{ url: string }>('billing-portal', 'portal');
  return url;
}
