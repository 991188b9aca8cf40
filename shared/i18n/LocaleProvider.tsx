import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { I18nProvider, useLingui } from '@lingui/react';
import { activateLocale, i18n } from './i18n.ts';
import { DEFAULT_LOCALE, isLocale, storeLocale, type Locale } from './locale.ts';

interface LocaleState {
  locale: Locale;
  /** Switches every message at once (no reload), downloading the catalogue the first time. */
  setLocale: (next: Locale) => Promise<void>;
  /** True while the other language's catalogue downloads. */
  isSwitching: boolean;
}

const LocaleContext = createContext<LocaleState | null>(null);

function LocaleState({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  const locale = isLocale(active.locale) ? active.locale : DEFAULT_LOCALE;
  const [isSwitching, setIsSwitching] = useState(false);
  const setLocale = useCallback(async (next: Locale) => {
    // Kept on this browser too: after signing out the pages stay in the person's language.
    storeLocale(next);
    setIsSwitching(true);
    try {
      await activateLocale(next);
    } finally {
      setIsSwitching(false);
    }
  }, []);
  const value = useMemo(() => ({ locale, setLocale, isSwitching }), [locale, setLocale, isSwitching]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

/**
 * Puts both apps' messages in the active language; the entry activates the first language before
 * rendering (shared/i18n/i18n.ts), so nothing ever renders a bare key.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <LocaleState>{children}</LocaleState>
    </I18nProvider>
  );
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale() outside <LocaleProvider>');
  return state;
}
