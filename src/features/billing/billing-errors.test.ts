import { describe, expect, it } from 'vitest';
import { billingError, billingErrorText, type BillingOperation } from './billing-errors.ts';
import { inFrench, t } from '../../i18n/testing.ts';

const body = (code: string, message: string) => ({ error: { code, message } });
const text = (operation: BillingOperation, status: number | undefined, answer: unknown) =>
  billingErrorText(billingError(operation, status, answer), t);

describe('billing errors', () => {
  it("says 'You must be logged in to upgrade' for any 401 of the checkout", () => {
    const error = billingError('checkout', 401, body('unauthorized', 'You must be logged in to upgrade'));
    expect([error.kind, billingErrorText(error, t)]).toEqual(['not-logged-in', 'You must be logged in to upgrade']);
    expect(text('checkout', 401, { msg: 'Invalid JWT' })).toBe('You must be logged in to upgrade');
  });

  it("says SPEC's retry sentence when the checkout fails on the server or the network", () => {
    const expected = 'There was an error starting the checkout. Please try again';
    expect(text('checkout', 502, body('checkout_failed', expected))).toBe(expected);
    expect(text('checkout', 500, body('internal_error', 'Something went wrong.'))).toBe(expected);
    expect(text('checkout', undefined, undefined)).toBe(expected);
    expect(text('checkout', 400, 'not json')).toBe(expected);
  });

  it('recognises a company that is already premium', () => {
    const error = billingError(
      'checkout',
      409,
      body('already_premium', 'Your company is already on the Premium plan.'),
    );
    expect([error.kind, billingErrorText(error, t)]).toEqual([
      'already-premium',
      'Your company is already on the Premium plan.',
    ]);
  });

  it('says why a company that never paid has no billing to manage', () => {
    const message = 'You have not subscribed yet, so there is no billing to manage.';
    const error = billingError('portal', 409, body('not_subscribed', message));
    expect([error.kind, billingErrorText(error, t)]).toEqual(['not-subscribed', message]);
  });

  it('keeps any other refusal’s own words and hides server failures', () => {
    expect(text('portal', 403, body('forbidden', 'Only agency accounts have billing to manage.'))).toBe(
      'Only agency accounts have billing to manage.',
    );
    expect(text('portal', 502, body('portal_failed', 'Stripe said no'))).toBe(
      'There was an error opening the billing portal. Please try again',
    );
    expect(text('portal', 401, undefined)).toBe('You must be logged in to manage billing');
  });

  it('says each of its own sentences in French', () => {
    inFrench(() => {
      expect(text('checkout', 401, undefined)).toBe('Vous devez être connecté pour passer à Premium');
      expect(text('checkout', 502, undefined)).toBe(
        'Une erreur est survenue au lancement du paiement. Veuillez réessayer',
      );
      expect(text('checkout', 409, body('already_premium', 'Your company is already on the Premium plan.'))).toBe(
        'Votre agence est déjà au forfait Premium.',
      );
      expect(text('portal', 409, body('not_subscribed', 'x'))).toBe(
        'Vous n’êtes pas encore abonné, il n’y a donc aucune facturation à gérer.',
      );
    });
  });
});
