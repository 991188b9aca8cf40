import { useT } from '../../../i18n/use-t.ts';
import { inviteMessages } from '../api/invite-workers.ts';

/**
 * Why a sending failed, in the person's language: inviteWorkers throws its own two sentences
 * (session ended, could not send), named here; a refusal the function explains in its own words
 * (a 400 or 403) keeps them, as the database's sentences do.
 */
export function useInviteErrorText(): (failure: unknown) => string {
  const t = useT();
  return (failure) => {
    const message = failure instanceof Error ? failure.message : String(failure);
    if (message === inviteMessages.notLoggedIn) return t('staffList.invite.error.notLoggedIn');
    if (message === inviteMessages.failed) return t('staffList.invite.error.failed');
    return message;
  };
}
