import { useEffect } from 'react';
import { useLocale } from './LocaleProvider.tsx';
import { isLocale } from './locale.ts';

/**
 * After sign-in, the person's stored language (companies.locale / staff.locale, kept live over
 * Realtime by the caller) wins over the browser's: applied when it loads and each time it changes,
 * also when another of their open sessions changed it.
 */
export function useFollowLocale(stored: string | null | undefined): void {
  const { locale, setLocale } = useLocale();
  useEffect(() => {
    if (isLocale(stored) && stored !== locale) void setLocale(stored);
    // Only a change of the stored value moves the page (a switch made here saves it first), so
    // the current locale is read, not followed.
  }, [stored]); // eslint-disable-line react-hooks/exhaustive-deps
}
