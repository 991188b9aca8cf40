import { useEffect } from 'react';
import { keepSubscribed } from '@shared/lib/live-subscription.ts';
import { showError } from '@shared/lib/toast.ts';
import { formatInstant } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
import { subscribeUnfilledShifts, type UnfilledShift } from '../api/subscribe-unfilled-shifts.ts';

/** A flag older than this was raised before the dashboard opened: the board shows it, no toast. */
export const ALERT_WINDOW_MS = 15 * 60_000;

/** The alert's words: which shift, and that nobody has it. */
export function unfilledAlertText(
  shift: UnfilledShift,
  timeZone: string,
  text: { t: Translate<DashboardKey>; locale: Locale },
): string {
  const address = [shift.street_number, shift.street_name].filter(Boolean).join(' ');
  const at = formatInstant(shift.starts_at, { locale: text.locale, timeZone, style: 'dayTime' });
  return at
    ? text.t('shifts.unfilledAlert.text', { address, city: shift.city, at })
    : text.t('shifts.unfilledAlert.textNoTime', { address, city: shift.city });
}

/**
 * Alerts the scheduler, with a toast (SPEC's alert), when the dispatch schedule flags one of the
 * company's shifts Unfilled while the dashboard is open: once per shift, and only for a flag raised
 * just now (the schedule also touches flagged shifts for other reasons, and old flags are on the board).
 */
export function useUnfilledAlerts(companyId: string | undefined, timeZone: string | undefined): void {
  const t = useT();
  const { locale } = useLocale();
  useEffect(() => {
    if (!companyId) return;
    const alerted = new Set<string>();
    const onUnfilled = (shift: UnfilledShift) => {
      if (alerted.has(shift.id) || !shift.unfilled_at) return;
      // unfilled_at is the start the shift reached; the flag is raised at most a minute later.
      if (Date.now() - Date.parse(shift.unfilled_at) > ALERT_WINDOW_MS) return;
      alerted.add(shift.id);
      showError(unfilledAlertText(shift, timeZone ?? 'UTC', { t, locale }), t('shifts.unfilledAlert.title'));
    };
    return keepSubscribed((onStatus) => subscribeUnfilledShifts(companyId, onUnfilled, onStatus), {
      onSubscribed: () => {},
      onReconnecting: () => {},
    });
  }, [companyId, timeZone, t, locale]);
}
