// The billing currency of a company, from its free-text country (SPEC §9): the United States in any
// usual spelling pays in US dollars; Canada, any other country or none pays in Canadian dollars.
// The one definition of the rule: the checkout function picks the Stripe price with it, and the
// dashboard imports this same file (shared/lib/currency.ts) to show the prefix, so the shown price and
// the charged one cannot disagree. Pure and dependency-free, so that both Deno and Vite take it.

export type BillingCurrency = 'cad' | 'usd';

/** The premium plan's monthly price, in whole units of either currency. */
export const PREMIUM_MONTHLY_PRICE = 499;

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

/** The prefix the dashboard shows before a price: '$' for US dollars, 'CA$' for Canadian dollars. */
export function currencySymbol(currency: BillingCurrency): '$' | 'CA$' {
  return currency === 'usd' ? '$' : 'CA$';
}
