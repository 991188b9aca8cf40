/**
 * The one place dates, times, numbers and money are formatted for a person, through Intl in their
 * language: fr-CA writes 'ven. 27 nov., 22 h 00' and '499,00 $'; English keeps the output the
 * dashboard has always shown ('Fri, Nov 27, 10:00 PM', 'CA$499'), so SPEC's English texts and the
 * tests that read them hold. Pure and dependency-free (Intl only), so the edge functions can take
 * it as they take supabase/functions/_shared/currency.ts the other way round.
 */
import type { BillingCurrency } from '../../supabase/functions/_shared/currency.ts';
import { currencySymbol } from '../../supabase/functions/_shared/currency.ts';
import type { Locale } from './locale.ts';

/**
 * The Intl locale for each language. English is en-US on purpose: the dashboard's English dates
 * were always en-US ('Nov 21, 2026, 9:30 AM'), also for Canadian agencies, and its tests read them.
 */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', 'fr-CA': 'fr-CA' };

export type DateStyle = 'date' | 'dateTime' | 'dayTime' | 'time';

const DATE_STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** 'Tue, Nov 24, 9:00 AM' / 'mar. 24 nov., 9 h 00': a shift's start, when the year goes without saying. */
  dayTime: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit' },
};

// Intl formatters are costly to build and cheap to use, and a table formats thousands of values.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(locale: Locale, timeZone: string | undefined, style: DateStyle): Intl.DateTimeFormat {
  const key = `${locale}\u0000${style}\u0000${timeZone ?? ''}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...DATE_STYLES[style], timeZone });
    } catch {
      // An unknown zone name must not blank a table: UTC is at least unambiguous.
      formatter = dateFormatter(locale, 'UTC', style);
    }
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/** An instant in `timeZone` (the browser's zone when absent); null for a missing or unreadable one. */
export function formatInstant(
  instant: string | Date | null | undefined,
  options: { locale: Locale; timeZone?: string; style: DateStyle },
): string | null {
  if (!instant) return null;
  const ms = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  return Number.isFinite(ms) ? dateFormatter(options.locale, options.timeZone, options.style).format(ms) : null;
}

/** A plain number: '718,900' / '718 900'. */
export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], options).format(value);
}

/**
 * An amount of money. English keeps SPEC's prefix form in whole units ('CA$499', '$499'); French
 * writes it as Quebec does, after the amount with cents ('499,00 $', '499,00 $ US').
 */
export function formatMoney(amount: number, currency: BillingCurrency, locale: Locale): string {
  if (locale === 'en') return `${currencySymbol(currency)}${formatNumber(amount, 'en')}`;
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: currency.toUpperCase() }).format(
    amount,
  );
}
