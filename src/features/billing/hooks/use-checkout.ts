import { useCallback, useEffect, useState } from 'react';
import { showError } from '@shared/lib/toast.ts';
import { createCheckoutSession } from '../api/create-checkout-session.ts';
import { useT } from '../../../i18n/use-t.ts';
import { BillingError, billingError, billingErrorText } from '../billing-errors.ts';

/**
 * Starts the premium checkout and sends the browser to the hosted page. `isStarting` stays true
 * while the browser leaves (the button keeps its loader, SPEC §4); a failure ends in an error toast.
 */
export function useCheckout(): { isStarting: boolean; startCheckout: () => void } {
  const t = useT();
  const [isStarting, setIsStarting] = useState(false);

  // Coming back with the browser's Back button restores this page from the back-forward cache,
  // loader and all; the checkout was left, so the button is usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setIsStarting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const startCheckout = useCallback(() => {
    setIsStarting(true);
    createCheckoutSession()
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) => {
        const failure = error instanceof BillingError ? error : billingError('checkout', undefined, undefined);
        showError(billingErrorText(failure, t));
        setIsStarting(false);
      });
  }, [t]);

  return { isStarting, startCheckout };
}
