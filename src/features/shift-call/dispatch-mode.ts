/**
 * Shift Call's dispatch modes (docs/dispatch.md): who a new shift is sent to, and when, and what
 * the form and the toasts say about each (their catalogue keys).
 */
import { formatInstant } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';

export type DispatchMode = 'everyone' | 'best_matches';

/** The modes in the form's order, each with its name and description in the catalogue. */
export const DISPATCH_MODES: readonly { value: DispatchMode; label: DashboardKey; description: DashboardKey }[] = [
  { value: 'everyone', label: 'shiftCall.dispatch.everyone', description: 'shiftCall.dispatch.everyoneHelp' },
  {
    value: 'best_matches',
    label: 'shiftCall.dispatch.bestMatches',
    description: 'shiftCall.dispatch.bestMatchesHelp',
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
