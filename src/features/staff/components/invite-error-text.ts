import { useDatabaseErrorText } from '@shared/i18n/database-errors.ts';
import { useT } from '../../../i18n/use-t.ts';
import { inviteMessages } from '../api/invite-workers.ts';

/**
 * Why a sending failed, in the person's language: inviteWorkers throws its own two sentences
 * (session ended, could not send), named here; a refusal a person can meet carries the database's
 * code and is said from the catalogue. Only a malformed request (no screen sends one) keeps the
 * function's English sentence, as an API's own errors do.
 */
export function useInviteErrorText(): (failure: unknown) => string {
  const t = useT();
  const databaseText = useDatabaseErrorText();
  return (failure) => {
    const message = failure instanceof Error ? failure.message : String(failure);
    if (message === inviteMessages.notLoggedIn) return t('staffList.invite.error.notLoggedIn');
    if (message === inviteMessages.failed) return t('staffList.invite.error.failed');
    return databaseText(failure) ?? message;
  };
}
