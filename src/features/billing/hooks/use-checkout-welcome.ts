import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@shared/lib/router.tsx';
import { showSuccess } from '@shared/lib/toast.ts';
import { useT } from '../../../i18n/use-t.ts';

const SUCCESS_PARAM = 'success';

/**
 * Checkout returns to /dashboard?success=true (SPEC §4): greet the new premium company once with
 * 'Welcome to the family!' and take the parameter out of the address, so a reload or a shared
 * link does not greet again. Returns whether this visit came back from a payment, which stays true
 * for the life of the shell: the premium prompt must not pop up while the webhook is landing.
 */
export function useCheckoutWelcome(): boolean {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const [hasJustPaid] = useState(() => new URLSearchParams(location.search).get(SUCCESS_PARAM) === 'true');
  const hasWelcomed = useRef(false);

  useEffect(() => {
    if (!hasJustPaid || hasWelcomed.current) return;
    hasWelcomed.current = true;
    showSuccess(t('billing.welcome'));
  }, [hasJustPaid, t]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get(SUCCESS_PARAM) !== 'true') return;
    // The index route's redirect may already have left this address (it drops the query): then the
    // parameter is gone, and navigating back to the stale path would only redirect a second time.
    if (new URLSearchParams(window.location.search).get(SUCCESS_PARAM) !== 'true') return;
    params.delete(SUCCESS_PARAM);
    const search = params.toString();
    navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, { replace: true });
  }, [location, navigate]);

  return hasJustPaid;
}
