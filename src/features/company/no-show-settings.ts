/**
 * The agency's no-show settings (companies.no_show_repost_after_minutes, auto_repost_no_shows): the
 * same range the database's check constraint holds, said before sending. The rule returns its
 * English sentence, which its test pins; the form shows it in the person's language
 * (`repostAfterErrorText`).
 */
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';

export const REPOST_AFTER_MIN = 10;
export const REPOST_AFTER_MAX = 240;

export const repostAfterMessages = {
  required: 'Enter a number of minutes',
  whole: 'Enter whole minutes',
  range: `Choose between ${REPOST_AFTER_MIN} and ${REPOST_AFTER_MAX} minutes`,
} as const;

export function validateRepostAfter(value: number | string | null | undefined): string | null {
  const minutes = typeof value === 'string' ? Number(value.trim()) : value;
  if (minutes == null || (typeof value === 'string' && value.trim() === '') || !Number.isFinite(minutes)) {
    return repostAfterMessages.required;
  }
  if (!Number.isInteger(minutes)) return repostAfterMessages.whole;
  if (minutes < REPOST_AFTER_MIN || minutes > REPOST_AFTER_MAX) return repostAfterMessages.range;
  return null;
}

const KEY_OF_MESSAGE: Partial<Record<string, DashboardKey>> = {
  [repostAfterMessages.required]: 'agencySettings.rule.required',
  [repostAfterMessages.whole]: 'agencySettings.rule.whole',
  [repostAfterMessages.range]: 'agencySettings.rule.range',
};

/** The rule's message in the person's language; no error stays no error. */
export function repostAfterErrorText(
  message: string | null | undefined,
  t: Translate<DashboardKey>,
): string | null | undefined {
  const key = message ? KEY_OF_MESSAGE[message] : undefined;
  return key ? t(key, { min: REPOST_AFTER_MIN, max: REPOST_AFTER_MAX }) : message;
}

/** What automatic re-posting does, with the threshold when it is valid. */
export function automaticRepostText(minutes: number | null, t: Translate<DashboardKey>): string {
  return minutes ? t('agencySettings.automaticHelpAfter', { minutes }) : t('agencySettings.automaticHelp');
}
