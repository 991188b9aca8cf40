import { describe, expect, it } from 'vitest';
import { formatInstant, formatMoney, formatNumber } from './format.ts';

// Fri Nov 27 2026, 22:00 in Montreal (EST, UTC-5).
const FRIDAY_10PM = '2026-11-28T03:00:00Z';
const zone = 'America/Toronto';

describe('formatting in the person’s language', () => {
  it('writes dates and times the Quebec way in French', () => {
    expect(formatInstant(FRIDAY_10PM, { locale: 'fr-CA', timeZone: zone, style: 'dayTime' })).toBe(
      'ven. 27 nov., 22 h 00',
    );
    expect(formatInstant(FRIDAY_10PM, { locale: 'fr-CA', timeZone: zone, style: 'time' })).toBe('22 h 00');
    expect(formatInstant(FRIDAY_10PM, { locale: 'fr-CA', timeZone: zone, style: 'date' })).toBe('27 nov. 2026');
  });

  it('keeps the English output the dashboard has always shown, on a 12-hour clock', () => {
    expect(formatInstant(FRIDAY_10PM, { locale: 'en', timeZone: zone, style: 'dayTime' })).toBe(
      'Fri, Nov 27, 10:00 PM',
    );
    const english = (style: 'date' | 'dateTime' | 'time') =>
      formatInstant(FRIDAY_10PM, { locale: 'en', timeZone: zone, style });
    expect(english('date')).toBe('Nov 27, 2026');
    expect(english('dateTime')).toBe('Nov 27, 2026, 10:00 PM');
    expect(english('time')).toBe('10:00 PM');
  });

  it('falls back to UTC for an unknown zone and to null for a missing instant', () => {
    expect(formatInstant(FRIDAY_10PM, { locale: 'fr-CA', timeZone: 'Mars/Olympus', style: 'time' })).toBe('3 h 00');
    expect(formatInstant(null, { locale: 'fr-CA', style: 'time' })).toBeNull();
    expect(formatInstant('not a date', { locale: 'en', style: 'time' })).toBeNull();
  });

  it('writes money and numbers in each language', () => {
    // French puts a no-break space before the $ and between thousands, so neither wraps apart.
    const nbsp = '\u00a0';
    expect(formatMoney(499, 'cad', 'fr-CA')).toBe(`499,00${nbsp}$`);
    expect(formatMoney(499, 'usd', 'fr-CA')).toBe(`499,00${nbsp}$${nbsp}US`);
    expect(formatMoney(499, 'cad', 'en')).toBe('CA$499');
    expect(formatMoney(499, 'usd', 'en')).toBe('$499');
    expect(formatNumber(718900, 'fr-CA')).toBe(`718${nbsp}900`);
    expect(formatNumber(718900, 'en')).toBe('718,900');
  });
});
