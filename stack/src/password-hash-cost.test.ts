import { describe, expect, it } from 'vitest';
import { passwordHashCost } from './config.ts';

describe('passwordHashCost', () => {
  it("is GoTrue's 10 unless STACK_AUTH_BCRYPT_COST says otherwise", () => {
    expect(passwordHashCost(undefined)).toBe(10);
    expect(passwordHashCost('')).toBe(10);
    expect(passwordHashCost('4')).toBe(4);
    expect(passwordHashCost('12')).toBe(12);
  });

  it('refuses what bcrypt cannot use, rather than hashing at some other cost', () => {
    for (const bad of ['3', '32', '4.5', 'ten', '-1']) {
      expect(() => passwordHashCost(bad)).toThrow(/STACK_AUTH_BCRYPT_COST must be a whole number from 4 to 31/);
    }
  });
});
