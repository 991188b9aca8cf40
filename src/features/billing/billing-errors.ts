/**
 * The billing functions' refusals (`{ error: { code, message } }`, see supabase/functions) as a
 * BillingError the api/ calls throw, and the sentence a toast shows for one, SPEC §8 first, in the
 * person's language (billingErrorText). A refusal the function explains in its own words (a 4xx
 * other than the known ones) keeps them, as the database's sentences do.
 */
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';

export type BillingOperation = 'checkout' | 'portal';

export type BillingFailure = 'not-logged-in' | 'already-premium' | 'not-subscribed' | 'failed';

export class BillingError extends Error {
  readonly kind: BillingFailure;
  readonly operation: BillingOperation;
  /** The function's own sentence for a refusal this file has no words for; shown as it is. */
  readonly serverSentence: string | undefined;
  constructor(kind: BillingFailure, operation: BillingOperation, serverSentence?: string) {
    super(serverSentence ?? `${operation} ${kind}`);
    this.name = 'BillingError';
    this.kind = kind;
    this.operation = operation;
    this.serverSentence = serverSentence;
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
 * the parsed JSON answer if any. A 401 may come from the gateway, not the function, so it is read by
 * its status; other refusals (4xx) keep the function's own sentence unless their code is known;
 * anything else is SPEC's retry line.
 */
export function billingError(operation: BillingOperation, status: number | undefined, body: unknown): BillingError {
  if (status === 401) return new BillingError('not-logged-in', operation);
  const { code, message } = serverError(body);
  if (code === 'already_premium') return new BillingError('already-premium', operation);
  if (code === 'not_subscribed') return new BillingError('not-subscribed', operation);
  if (status !== undefined && status >= 400 && status < 500 && message) {
    return new BillingError('failed', operation, message);
  }
  return new BillingError('failed', operation);
}

/** What a toast says for a billing failure, in the person's language. */
export function billingErrorText(error: BillingError, t: Translate<DashboardKey>): string {
  const isCheckout = error.operation === 'checkout';
  switch (error.kind) {
    case 'not-logged-in':
      return t(isCheckout ? 'billing.error.notLoggedIn' : 'billing.error.portalNotLoggedIn');
    case 'already-premium':
      return t('billing.error.alreadyPremium');
    case 'not-subscribed':
      return t('billing.error.notSubscribed');
    case 'failed':
      return error.serverSentence ?? t(isCheckout ? 'billing.error.checkoutFailed' : 'billing.error.portalFailed');
  }
}
