import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref } from './phone.ts';

describe('phone numbers', () => {
  it('formats ten digits, keeps anything else, and marks a missing one', () => {
    expect(formatPhone('4165550100')).toBe('(416) 555-0100');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone(null)).toBe('-');
    expect(formatPhone(' ')).toBe('-');
  });

  it('dials North American numbers with +1, others as written, and nothing without a number', () => {
    expect(phoneHref('4165550100')).toBe('tel:+14165550100');
    expect(phoneHref('1 416 555 0100')).toBe('tel:+14165550100');
    expect(phoneHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(phoneHref(null)).toBeNull();
    expect(phoneHref('12')).toBeNull();
  });
});
