import type { BillingCurrency } from '@shared/lib/currency.ts';
import { callBillingFunction } from './call-billing-function.ts';

export interface CheckoutSession {
  id: string;
  /** Stripe's hosted checkout page (the local stand-in's on a development stack). */
  url: string;
  currency: BillingCurrency;
}

/**
 * Starts a Stripe Checkout session for the premium plan (`create-checkout-session`). The function
 * picks the price by the company's country and returns to /dashboard?success=true after payment.
 */
export function createCheckoutSession(): Promise<CheckoutSession> {
  return callBillingFunction<CheckoutSession>('create-checkout-session', 'checkout');
}
