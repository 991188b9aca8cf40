/**
 * The billing currency of a company, from its free-text country (SPEC §9), and how the dashboard
 * shows a plan's price. A copy, not an import, of supabase/functions/_shared/currency.ts: the
 * checkout function picks the Stripe price with that one, the dashboard shows the prefix with this
 * one, and currency.test.ts pins both to the same spellings. Keep them in step.
 */

export type BillingCurrency = 'cad' | 'usd';

/** The premium plan's monthly price, in whole units of either currency. */
export const PREMIUM_MONTHLY_PRICE = 499;

/** The free plan's price, shown without a prefix (SPEC §9). */
export const FREE_MONTHLY_PRICE = 0;

/** The currency of a company with no country or an unrecognised one (Canada, SPEC §9). */
export const DEFAULT_CURRENCY: BillingCurrency = 'cad';

// Compared without case, accents, dots, spaces or a leading "the": "U.S.A." = "usa".
const UNITED_STATES = new Set([
  'us',
  'usa',
  'usofa',
  'america',
  'unitedstates',
  'unitedstatesofamerica',
  'unitedstatesamerica',
  'theunitedstates',
  'theunitedstatesofamerica',
  'theusa',
  'theus',
  'etatsunis',
  'etatsunisdamerique',
  'estadosunidos',
  'estadosunidosdeamerica',
]);

function compact(country: string): string {
  return country
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** 'usd' for the United States in any usual spelling, otherwise 'cad'. */
export function currencyForCountry(country: string | null | undefined): BillingCurrency {
  if (typeof country !== 'string') return DEFAULT_CURRENCY;
  return UNITED_STATES.has(compact(country)) ? 'usd' : DEFAULT_CURRENCY;
}

/** The prefix shown before a price: '$' for US dollars, 'CA$' for Canadian dollars. */
export function currencySymbol(currency: BillingCurrency): '$' | 'CA$' {
  return currency === 'usd' ? '$' : 'CA$';
}

/** A monthly price as the pricing screen shows it: 'CA$499' or '$499', and a free plan as plain '0'. */
export function formatPlanPrice(amount: number, currency: BillingCurrency): string {
  return amount === 0 ? '0' : `${currencySymbol(currency)}${amount}`;
}
