import { describe, expect, it } from 'vitest';
import { billingError, billingMessages } from './billing-errors.ts';

const body = (code: string, message: string) => ({ error: { code, message } });

describe('billingError', () => {
  it("says 'You must be logged in to upgrade' for any 401 of the checkout", () => {
    const error = billingError('checkout', 401, body('unauthorized', 'You must be logged in to upgrade'));
    expect([error.kind, error.message]).toEqual(['not-logged-in', 'You must be logged in to upgrade']);
    expect(billingError('checkout', 401, { msg: 'Invalid JWT' }).message).toBe(billingMessages.notLoggedIn);
  });

  it("says SPEC's retry sentence when the checkout fails on the server or the network", () => {
    const expected = 'There was an error starting the checkout. Please try again';
    expect(billingError('checkout', 502, body('checkout_failed', expected)).message).toBe(expected);
    expect(billingError('checkout', 500, body('internal_error', 'Something went wrong.')).message).toBe(expected);
    expect(billingError('checkout', undefined, undefined).message).toBe(expected);
    expect(billingError('checkout', 400, 'not json').message).toBe(expected);
  });

  it('recognises a company that is already premium', () => {
    const error = billingError(
      'checkout',
      409,
      body('already_premium', 'Your company is already on the Premium plan.'),
    );
    expect([error.kind, error.message]).toEqual(['already-premium', 'Your company is already on the Premium plan.']);
  });

  it('keeps the portal’s sentence for a company that never paid', () => {
    const message = 'You have not subscribed yet, so there is no billing to manage.';
    const error = billingError('portal', 409, body('not_subscribed', message));
    expect([error.kind, error.message]).toEqual(['not-subscribed', message]);
  });

  it('keeps any other refusal’s own words and hides server failures', () => {
    expect(billingError('portal', 403, body('forbidden', 'Only agency accounts have billing to manage.')).message).toBe(
      'Only agency accounts have billing to manage.',
    );
    expect(billingError('portal', 502, body('portal_failed', 'Stripe said no')).message).toBe(
      billingMessages.portalFailed,
    );
    expect(billingError('portal', 401, undefined).message).toBe(billingMessages.portalNotLoggedIn);
  });
});
