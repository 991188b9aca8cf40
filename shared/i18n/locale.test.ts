import { describe, expect, it } from 'vitest';
import { isLocale, localeFromLanguages } from './locale.ts';

describe('the language before sign-in', () => {
  it('takes any French as Canadian French', () => {
    expect(localeFromLanguages(['fr'])).toBe('fr-CA');
    expect(localeFromLanguages(['fr-FR', 'en-US'])).toBe('fr-CA');
    expect(localeFromLanguages(['FR-ca'])).toBe('fr-CA');
  });

  it('takes the first language CareCover speaks, else English', () => {
    expect(localeFromLanguages(['en-CA', 'fr-CA'])).toBe('en');
    expect(localeFromLanguages(['de-DE', 'fr-BE'])).toBe('fr-CA');
    expect(localeFromLanguages(['de-DE', 'es'])).toBe('en');
    expect(localeFromLanguages([])).toBe('en');
    // 'fri' is not French.
    expect(localeFromLanguages(['fri'])).toBe('en');
  });

  it('knows only en and fr-CA', () => {
    expect(isLocale('fr-CA')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale(null)).toBe(false);
  });
});
