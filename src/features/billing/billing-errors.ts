/**
 * The billing functions' refusals (`{ error: { code, message } }`, see supabase/functions) turned
 * into the sentences a toast shows, SPEC §8 first. The api/ calls throw a BillingError carrying one.
 */

export const billingMessages = {
  welcome: 'Welcome to the family!',
  notLoggedIn: 'You must be logged in to upgrade',
  checkoutFailed: 'There was an error starting the checkout. Please try again',
  alreadyPremium: 'Your company is already on the Premium plan.',
  portalNotLoggedIn: 'You must be logged in to manage billing',
  notSubscribed: 'You have not subscribed yet, so there is no billing to manage.',
  portalFailed: 'There was an error opening the billing portal. Please try again',
} as const;

export type BillingOperation = 'checkout' | 'portal';

export type BillingFailure = 'not-logged-in' | 'already-premium' | 'not-subscribed' | 'failed';

export class BillingError extends Error {
  readonly kind: BillingFailure;
  constructor(kind: BillingFailure, message: string) {
    super(message);
    this.name = 'BillingError';
    this.kind = kind;
  }
}

function serverError(body: unknown): { code?: string; message?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return {};
  const { code, message } = error as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' && message.trim() ? message : undefined,
  };
}

/**
 * The error for a failed call: `status` is the HTTP status (undefined when no answer came), `body`
 * the parsed JSON answer if any. A 401 may come from the gateway, not the function, so its text is
 * fixed here; other refusals (4xx) keep the function's own sentence; anything else is SPEC's retry line.
 */
export function billingError(operation: BillingOperation, status: number | undefined, body: unknown): BillingError {
  const failed = operation === 'checkout' ? billingMessages.checkoutFailed : billingMessages.portalFailed;
  if (status === 401) {
    return new BillingError(
      'not-logged-in',
      operation === 'checkout' ? billingMessages.notLoggedIn : billingMessages.portalNotLoggedIn,
    );
  }
  const { code, message } = serverError(body);
  if (code === 'already_premium') return new BillingError('already-premium', message ?? billingMessages.alreadyPremium);
  if (code === 'not_subscribed') return new BillingError('not-subscribed', message ?? billingMessages.notSubscribed);
  if (status !== undefined && status >= 400 && status < 500 && message) return new BillingError('failed', message);
  return new BillingError('failed', failed);
}
