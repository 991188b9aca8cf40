import { useEffect, useState, type ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { useLocale } from './LocaleProvider.tsx';
import type { Locale } from './locale.ts';

/** dayjs's name for each language; English is built into dayjs. */
const DAYJS_LOCALE: Record<Locale, string> = { en: 'en', 'fr-CA': 'fr-ca' };

/**
 * Mantine's date pickers in the person's language (month and day names, first day of the week).
 * Used around the screens that have pickers, which are lazy chunks already: the landing and log-in
 * pages never load dayjs. The French dayjs locale downloads the first time French is active.
 */
export function LocaleDatesProvider({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  const [hasFrench, setHasFrench] = useState(false);
  useEffect(() => {
    if (locale !== 'fr-CA' || hasFrench) return;
    let isActive = true;
    void import('dayjs/locale/fr-ca').then(
      () => isActive && setHasFrench(true),
      // Without the locale file the pickers stay in English: still usable.
      () => undefined,
    );
    return () => {
      isActive = false;
    };
  }, [locale, hasFrench]);
  const dayjsLocale = locale === 'fr-CA' && hasFrench ? DAYJS_LOCALE['fr-CA'] : DAYJS_LOCALE.en;
  return <DatesProvider settings={{ locale: dayjsLocale }}>{children}</DatesProvider>;
}
