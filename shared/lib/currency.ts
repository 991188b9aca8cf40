/**
 * How the dashboard shows a plan's price. The currency rule itself (which country pays in which
 * currency, the premium price) is defined once, in the edge functions' shared module that the
 * checkout function charges with; the dashboard imports that same file, so the two cannot drift.
 */
import type { BillingCurrency } from '../../supabase/functions/_shared/currency.ts';
import { formatMoney } from '../i18n/format.ts';
import type { Locale } from '../i18n/locale.ts';

export {
  currencyForCountry,
  currencySymbol,
  DEFAULT_CURRENCY,
  PREMIUM_MONTHLY_PRICE,
  type BillingCurrency,
} from '../../supabase/functions/_shared/currency.ts';

/** The free plan's price, shown without a prefix (SPEC §9). */
export const FREE_MONTHLY_PRICE = 0;

/**
 * A monthly price as the pricing screen shows it: in English 'CA$499' or '$499' (SPEC §9), in French
 * '499,00 $' (shared/i18n/format.ts), and a free plan as plain '0' in either.
 */
export function formatPlanPrice(amount: number, currency: BillingCurrency, locale: Locale = 'en'): string {
  return amount === 0 ? '0' : formatMoney(amount, currency, locale);
}
