import { describe, expect, it } from 'vitest';
import {
  currencyForCountry,
  currencySymbol,
  DEFAULT_CURRENCY,
  formatPlanPrice,
  FREE_MONTHLY_PRICE,
  PREMIUM_MONTHLY_PRICE,
} from './currency.ts';
import * as server from '../../supabase/functions/_shared/currency.ts';

const US_SPELLINGS = [
  'US',
  'us',
  'U.S.',
  'u.s',
  'USA',
  'U.S.A.',
  'usa ',
  ' United States',
  'united states',
  'UNITED STATES',
  'United-States',
  'United States of America',
  'the United States',
  'The United States of America',
  'The USA',
  'the U.S.',
  'America',
  'US of A',
  'United States America',
  'États-Unis',
  "États-Unis d'Amérique",
  'Etats Unis',
  'Estados Unidos',
  'Estados Unidos de América',
];

const CANADIAN_DOLLAR_COUNTRIES = [
  'Canada',
  'canada',
  'CANADA',
  ' Canada ',
  'CA',
  'Mexico',
  'United Kingdom',
  'UK',
  'Australia',
  'USSR',
  'Russia',
  'United Arab Emirates',
  'South America',
  'Ontario',
  '',
  '   ',
  '🇺🇸',
];

describe('currencyForCountry', () => {
  it.each(US_SPELLINGS)('gives US dollars for %j', (country) => {
    expect(currencyForCountry(country)).toBe('usd');
  });

  it.each(CANADIAN_DOLLAR_COUNTRIES)('gives Canadian dollars for %j', (country) => {
    expect(currencyForCountry(country)).toBe('cad');
  });

  it('treats a missing country as Canada', () => {
    expect(currencyForCountry(null)).toBe('cad');
    expect(currencyForCountry(undefined)).toBe('cad');
    expect(DEFAULT_CURRENCY).toBe('cad');
  });

  it("is the checkout function's own rule, so the shown prefix matches the charged price", () => {
    // One definition, imported by both: the very same functions and values, not a copy kept in step.
    expect(currencyForCountry).toBe(server.currencyForCountry);
    expect(currencySymbol).toBe(server.currencySymbol);
    expect(PREMIUM_MONTHLY_PRICE).toBe(server.PREMIUM_MONTHLY_PRICE);
    expect(DEFAULT_CURRENCY).toBe(server.DEFAULT_CURRENCY);
    for (const country of [...US_SPELLINGS, ...CANADIAN_DOLLAR_COUNTRIES, null, undefined]) {
      expect(currencyForCountry(country), String(country)).toBe(server.currencyForCountry(country));
    }
  });
});

describe('price display', () => {
  it("prefixes Canadian dollars with 'CA$' and US dollars with '$'", () => {
    expect(currencySymbol('cad')).toBe('CA$');
    expect(currencySymbol('usd')).toBe('$');
  });

  it("shows Premium as 'CA$499' or '$499' by the company's country", () => {
    expect(formatPlanPrice(PREMIUM_MONTHLY_PRICE, currencyForCountry('Canada'))).toBe('CA$499');
    expect(formatPlanPrice(PREMIUM_MONTHLY_PRICE, currencyForCountry(null))).toBe('CA$499');
    expect(formatPlanPrice(PREMIUM_MONTHLY_PRICE, currencyForCountry('Germany'))).toBe('CA$499');
    expect(formatPlanPrice(PREMIUM_MONTHLY_PRICE, currencyForCountry('USA'))).toBe('$499');
    expect(formatPlanPrice(PREMIUM_MONTHLY_PRICE, currencyForCountry('United States'))).toBe('$499');
  });

  it("shows Free as a plain '0' in either currency", () => {
    expect(FREE_MONTHLY_PRICE).toBe(0);
    expect(formatPlanPrice(FREE_MONTHLY_PRICE, 'cad')).toBe('0');
    expect(formatPlanPrice(FREE_MONTHLY_PRICE, 'usd')).toBe('0');
    expect(formatPlanPrice(FREE_MONTHLY_PRICE, 'cad', 'fr-CA')).toBe('0');
  });

  it('writes the price the Quebec way in French: after the amount, with cents', () => {
    const nbsp = '\u00a0';
    expect(formatPlanPrice(PREMIUM_MONTHLY_PRICE, 'cad', 'fr-CA')).toBe(`499,00${nbsp}$`);
    expect(formatPlanPrice(PREMIUM_MONTHLY_PRICE, 'usd', 'fr-CA')).toBe(`499,00${nbsp}$${nbsp}US`);
    expect(formatPlanPrice(PREMIUM_MONTHLY_PRICE, 'cad', 'en')).toBe('CA$499');
  });
});
