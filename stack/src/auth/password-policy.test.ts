/** The server's password policy against SPEC §5's sign-up form rule. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateNewPassword } from '@shared/lib/validation.ts';
import { config } from '../config.ts';
import { HttpError } from '../gateway/http.ts';
import { checkPasswordStrength, requiredCharacterSets } from './validation.ts';

function refusal(password: string, min: number, requirements = ''): unknown {
  try {
    checkPasswordStrength(password, min, requirements);
    return null;
  } catch (error) {
    return error instanceof HttpError ? { status: error.status, body: error.body } : error;
  }
}

describe('checkPasswordStrength', () => {
  it('gives GoTrue’s reasons and messages for each requirement value', () => {
    expect(refusal('Abc1', 6)).toEqual({
      status: 422,
      body: {
        code: 'weak_password',
        message: 'Password should be at least 6 characters.',
        weak_password: { reasons: ['length'] },
      },
    });
    expect(refusal('abcdefgh', 6, 'letters_digits')).toMatchObject({
      status: 422,
      body: { weak_password: { reasons: ['characters'] } },
    });
    expect(refusal('abcdef12', 6, 'letters_digits')).toBeNull();
    expect(refusal('abcdef12', 6, 'lower_upper_letters_digits')).toMatchObject({ status: 422 });
    expect(refusal('Abcdef12', 6, 'lower_upper_letters_digits')).toBeNull();
    expect(refusal('Abcdef12', 6, 'lower_upper_letters_digits_symbols')).toMatchObject({ status: 422 });
    expect(refusal('Abcdef1:', 6, 'lower_upper_letters_digits_symbols')).toBeNull();
    expect(refusal('a'.repeat(73), 6)).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  it('counts length in bytes, as GoTrue (Go’s len) does', () => {
    expect(refusal('ééé', 6)).toBeNull();
    expect(refusal('éé', 6)).toMatchObject({ status: 422 });
  });

  it('knows exactly the CLI’s values', () => {
    expect(() => requiredCharacterSets('symbols')).toThrow(/password_requirements/);
    expect(requiredCharacterSets('')).toEqual([]);
  });
});

describe('this project’s configuration', () => {
  it('leaves SPEC §5’s rule to the form and requires only the length on the server', () => {
    expect(config.auth.passwordRequirements).toBe('');
    expect(config.auth.minimumPasswordLength).toBe(6);
  });

  it('accepts on the server every password up to 72 bytes that the sign-up form accepts', () => {
    const specials = [...'!@#$%^&*(),.?":{}|<>'];
    const piece = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.constantFrom(...specials),
      fc.constantFrom('A', 'Z', '0', '9', 'é', 'ß'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const password = pieces.join('');
        if (validateNewPassword(password) !== null || Buffer.byteLength(password) > 72) return;
        expect(refusal(password, config.auth.minimumPasswordLength, config.auth.passwordRequirements)).toBeNull();
      }),
      { numRuns: 300, includeErrorInReport: true },
    );
  });
});
