// POST from Stripe (no user JWT: verify_jwt = false in config.toml) → 200 once the event's effect
// is committed, 400 for a missing or bad signature, 5xx when Stripe should retry.
//
// The signature is checked by the SDK over the raw body with the endpoint secret and a tolerance of
// WEBHOOK_TOLERANCE_SECONDS, so a forged, altered or replayed-late request does nothing. Stripe may
// deliver events twice and in any order, so:
//   * premium follows the subscription's CURRENT status, retrieved from Stripe, never the
//     (possibly stale) copy inside the event;
//   * the event id is recorded in stripe_events in the same transaction as its effect (a trigger
//     applies it), and a replayed id records and changes nothing.
import { type BillingStore, type RecordOutcome, type StripeEventRecord } from '../_shared/billing.ts';
import { type Env, requireEnv } from '../_shared/env.ts';
import { json, requirePost, toErrorResponse } from '../_shared/http.ts';
import { Stripe, stripeId, WEBHOOK_TOLERANCE_SECONDS } from '../_shared/stripe.ts';

export const MISSING_SIGNATURE = 'The Stripe-Signature header is missing.';
export const BAD_SIGNATURE = 'The webhook signature could not be verified.';
/** Stripe's events are well under this; a larger body is not from Stripe. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

export interface WebhookDeps {
  env: Env;
  stripe: () => Stripe;
  billing: BillingStore;
  /** Seconds since the epoch; tests move it to check the tolerance. */
  now?: () => number;
}

export interface WebhookAnswer {
  received: true;
  /** The event changed the database now (false: a replay, or nothing to apply). */
  applied: boolean;
  outcome: RecordOutcome | 'ignored';
}

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

/**
 * What a subscription status means for the plan: paying (or trialling) is premium; ended or given
 * up is free; `incomplete` (first payment pending) and `past_due` (Stripe is retrying a renewal)
 * keep whatever the company has until Stripe settles it.
 */
export function premiumForStatus(status: Stripe.Subscription.Status): boolean | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return true;
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
    case 'paused':
      return false;
    default:
      return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function companyIdOf(...candidates: (string | null | undefined)[]): string | null {
  for (const value of candidates) {
    if (typeof value === 'string' && UUID.test(value)) return value.toLowerCase();
  }
  return null;
}

/** The subscription as Stripe has it now; the event's copy only if Stripe no longer knows it. */
async function currentSubscription(stripe: Stripe, id: string, fallback?: Stripe.Subscription) {
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch (error) {
    if (fallback && error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      return fallback;
    }
    throw error;
  }
}

/** The database change an event asks for, or null when it asks for none. */
export async function recordFor(stripe: Stripe, event: Stripe.Event): Promise<StripeEventRecord | null> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return null;
      const subscriptionId = stripeId(session.subscription);
      let premium: boolean | null;
      let metadataCompany: string | undefined;
      if (subscriptionId) {
        const subscription = await currentSubscription(stripe, subscriptionId);
        premium = premiumForStatus(subscription.status);
        metadataCompany = subscription.metadata?.company_id;
      } else {
        premium = session.payment_status === 'paid' || session.payment_status === 'no_payment_required' ? true : null;
      }
      return {
        id: event.id,
        type: event.type,
        companyId: companyIdOf(session.client_reference_id, session.metadata?.company_id, metadataCompany),
        customerId: stripeId(session.customer),
        premium,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = await currentSubscription(stripe, event.data.object.id, event.data.object);
      return {
        id: event.id,
        type: event.type,
        companyId: companyIdOf(subscription.metadata?.company_id),
        customerId: stripeId(subscription.customer),
        premium: premiumForStatus(subscription.status),
      };
    }
    default:
      return null;
  }
}

export function createWebhookHandler(deps: WebhookDeps): (req: Request) => Promise<Response> {
  const crypto = Stripe.createSubtleCryptoProvider();
  return async (req) => {
    try {
      requirePost(req);
      const signature = req.headers.get('stripe-signature');
      if (!signature) return json({ error: { code: 'invalid_signature', message: MISSING_SIGNATURE } }, 400);
      const body = await req.text();
      if (body.length > MAX_WEBHOOK_BYTES) {
        return json({ error: { code: 'invalid_input', message: 'The webhook body is too large.' } }, 413);
      }
      const secret = requireEnv(deps.env, 'STRIPE_WEBHOOK_SECRET');
      const stripe = deps.stripe();

      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          body,
          signature,
          secret,
          WEBHOOK_TOLERANCE_SECONDS,
          crypto,
          deps.now?.(),
        );
      } catch (error) {
        console.warn('Refused a webhook:', error instanceof Error ? error.message : error);
        return json({ error: { code: 'invalid_signature', message: BAD_SIGNATURE } }, 400);
      }

      const record = await recordFor(stripe, event);
      if (!record || (!record.companyId && !record.customerId)) {
        const answer: WebhookAnswer = { received: true, applied: false, outcome: 'ignored' };
        return json(answer);
      }
      const outcome = await deps.billing.recordEvent(record);
      if (outcome === 'unknown_company') {
        // Not retried: no delivery would find it. Not recorded either, so a manual resend can apply it.
        console.warn(`Stripe event ${event.id} (${event.type}) matches no company`, record);
      }
      const answer: WebhookAnswer = { received: true, applied: outcome === 'applied', outcome };
      return json(answer);
    } catch (error) {
      // Stripe retries any non-2xx, which is what a Stripe or database outage needs.
      return toErrorResponse(error);
    }
  };
}
