/**
 * Shift Call's dispatch modes (docs/dispatch.md): who a new shift is sent to, and when. The words
 * here are what the form and the toasts say about each.
 */
import { formatInstant } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';

export type DispatchMode = 'everyone' | 'best_matches';

export const DISPATCH_MODES: readonly { value: DispatchMode; label: string; description: string }[] = [
  {
    value: 'everyone',
    label: 'Everyone',
    description: 'Every staff member who can take the shift is notified at once. The first to accept gets it.',
  },
  {
    value: 'best_matches',
    label: 'Best matches first',
    description:
      'Your 5 best matches (worked at this address before, nearest, most reliable) are notified first. ' +
      'If nobody accepts within 10 minutes (1 hour for shifts more than a day away), everyone else who can take it is.',
  },
];

/** The mode of a value read from the database; anything else reads as SPEC's default. */
export function toDispatchMode(value: string | null | undefined): DispatchMode {
  return value === 'best_matches' ? 'best_matches' : 'everyone';
}

/**
 * The toast after a best-matches post, in the person's language. SPEC's own toast ('All frontline
 * staff are notified') would not be true: only the first wave has been.
 */
export function bestMatchesSentText(
  notified: number,
  nextWaveAt: string | null,
  timeZone: string,
  t: Translate<DashboardKey>,
  locale: Locale = 'en',
): string {
  const sent = notified === 0 ? t('shiftCall.sent.bestNone') : t('shiftCall.sent.best', { count: notified });
  const time = formatInstant(nextWaveAt, { locale, timeZone, style: 'time' });
  return time ? t('shiftCall.sent.nextWave', { sent, time }) : sent;
}
