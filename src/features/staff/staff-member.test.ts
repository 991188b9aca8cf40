import { describe, expect, it } from 'vitest';
import { formatPhone, orMissing } from './staff-member.ts';

describe('staff display', () => {
  it('formats ten-digit phones and falls back to "-"', () => {
    expect(formatPhone('4165550100')).toBe('(416) 555-0100');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone(null)).toBe('-');
    expect(formatPhone(' ')).toBe('-');
    expect(orMissing('')).toBe('-');
    expect(orMissing('Ada')).toBe('Ada');
  });
});
