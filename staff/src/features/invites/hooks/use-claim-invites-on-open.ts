import { useEffect, useEffectEvent } from 'react';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { showSuccess } from '@shared/lib/toast.ts';
import { useT } from '../../../i18n/use-t.ts';
import { agencyNames, claimInvites, type ClaimedInvite } from '../api/claim-invites.ts';

/**
 * A worker who already had an account when an agency invited them got no email: the invitation
 * waits for them, and is accepted here, once each time the signed-in app opens (offline, or on a
 * failure, the next opening tries again). `onJoined` lets the app reload its agencies and shifts.
 */
export function useClaimInvitesOnOpen(userId: string, onJoined: () => void): void {
  const t = useT();
  const { locale } = useLocale();
  const joinedNow = useEffectEvent(onJoined);
  // Said in the language of the moment the answer arrives, not of the effect's start.
  const sayJoined = useEffectEvent((joined: ClaimedInvite[]) =>
    showSuccess(
      t('staff.invite.acceptedText', { agencies: agencyNames(joined, locale) }),
      t('staff.invite.acceptedTitle'),
    ),
  );

  useEffect(() => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    // Not cancelled on unmount: a second run (StrictMode's remount) finds the invitation accepted
    // by the first, so only the first can say so.
    claimInvites().then(
      (claimed) => {
        const joined = claimed.filter((invite) => invite.isJoined);
        if (joined.length === 0) return;
        sayJoined(joined);
        joinedNow();
      },
      () => {
        // Nothing the worker must act on: the invitation stays pending for the next opening.
      },
    );
  }, [userId]);
}
