import { describe, expect, it } from 'vitest';
import { distanceMetres, formatDistance } from './distance.ts';

describe('distance', () => {
  it('measures Toronto City Hall to Union Station as about 900 m', () => {
    const d = distanceMetres({ latitude: 43.6534, longitude: -79.3841 }, { latitude: 43.6453, longitude: -79.3806 });
    expect(d).toBeGreaterThan(850);
    expect(d).toBeLessThan(1000);
  });

  it('is zero for the same point and symmetric', () => {
    const a = { latitude: 49.2827, longitude: -123.1207 };
    const b = { latitude: 47.6062, longitude: -122.3321 };
    expect(distanceMetres(a, a)).toBe(0);
    expect(distanceMetres(a, b)).toBeCloseTo(distanceMetres(b, a), 6);
    expect(distanceMetres(a, b) / 1000).toBeCloseTo(195, -1);
  });

  it('reads like a person would say it', () => {
    expect(formatDistance(42)).toBe('40 m');
    expect(formatDistance(999)).toBe('1.0 km');
    expect(formatDistance(1234)).toBe('1.2 km');
    expect(formatDistance(25_400)).toBe('25 km');
  });

  it('writes the decimal comma in French', () => {
    expect(formatDistance(1234, 'fr-CA')).toBe('1,2\u00a0km');
    expect(formatDistance(420, 'fr-CA')).toBe('420\u00a0m');
  });
});
