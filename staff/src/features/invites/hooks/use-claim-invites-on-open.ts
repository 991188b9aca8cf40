import { useEffect, useEffectEvent } from 'react';
import { showSuccess } from '@shared/lib/toast.ts';
import { agencyNames, claimInvites } from '../api/claim-invites.ts';

/**
 * A worker who already had an account when an agency invited them got no email: the invitation
 * waits for them, and is accepted here, once each time the signed-in app opens (offline, or on a
 * failure, the next opening tries again). `onJoined` lets the app reload its agencies and shifts.
 */
export function useClaimInvitesOnOpen(userId: string, onJoined: () => void): void {
  const joinedNow = useEffectEvent(onJoined);

  useEffect(() => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    // Not cancelled on unmount: a second run (StrictMode's remount) finds the invitation accepted
    // by the first, so only the first can say so.
    claimInvites().then(
      (claimed) => {
        const joined = claimed.filter((invite) => invite.isJoined);
        if (joined.length === 0) return;
        showSuccess(`You now work for ${agencyNames(joined)}: their open shifts show on Home.`, 'Invitation accepted');
        joinedNow();
      },
      () => {
        // Nothing the worker must act on: the invitation stays pending for the next opening.
      },
    );
  }, [userId]);
}
