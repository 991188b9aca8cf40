/**
 * What the shift tables need to speak the person's language: their translate function, their
 * locale (dates and numbers through shared/i18n/format.ts), the company's zone, and the names of
 * stored staff types and skills. Built once per table and handed to the pure display helpers.
 */
import { useMemo } from 'react';
import { useCareRoleName } from '@shared/i18n/care-role-names.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';
import { useT } from '../../i18n/use-t.ts';

export interface ShiftText {
  t: Translate<DashboardKey>;
  locale: Locale;
  /** The company's zone: every time on the board is the agency's. */
  timeZone: string;
  /** A stored staff type or skill named in the person's language (as typed when it has no name). */
  roleName: (value: string) => string;
}

export function useShiftText(timeZone: string): ShiftText {
  const t = useT();
  const { locale } = useLocale();
  const roleName = useCareRoleName();
  return useMemo(() => ({ t, locale, timeZone, roleName }), [t, locale, timeZone, roleName]);
}
