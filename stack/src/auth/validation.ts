/** Input checks with GoTrue's rules and messages. */
import { errors } from './errors.ts';

// checkmail's format rule, which GoTrue uses.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PASSWORD_BYTES = 72;

/** Returns the email lower-cased, or throws 400 validation_failed. */
export function validateEmail(raw: string): string {
  const email = raw.trim();
  if (email === '') throw errors.validation('An email address is required');
  if (email.length > 255) throw errors.validation('An email address is too long');
  if (!EMAIL_FORMAT.test(email)) throw errors.validation('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** GoTrue stores phones as digits only, without the leading +. */
export function validatePhone(raw: string): string {
  const phone = raw.replace(/[\s()+-]/g, '');
  if (!/^[1-9]\d{4,14}$/.test(phone)) throw errors.validation('Invalid phone number format (E.164 required)');
  return phone;
}

/**
 * The character sets behind the CLI's `password_requirements` values, as the CLI hands them to
 * GoTrue (GOTRUE_PASSWORD_REQUIRED_CHARACTERS): a password needs one character of every set.
 */
const REQUIRED_CHARACTERS: Record<string, readonly string[]> = {
  '': [],
  letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits_symbols: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
    '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~',
  ],
};

/** The sets for a `password_requirements` value; an unknown value stops the stack, as it stops the CLI. */
export function requiredCharacterSets(requirements: string): readonly string[] {
  const sets = REQUIRED_CHARACTERS[requirements];
  if (!sets) {
    throw new Error(
      `Invalid config for auth.password_requirements. Must be one of: ${Object.keys(REQUIRED_CHARACTERS).join(', ')}`,
    );
  }
  return sets;
}

/**
 * GoTrue's checkPasswordStrength: 400 when longer than bcrypt can hash, otherwise 422
 * weak_password listing every reason (`length`, `characters`) with GoTrue's messages.
 */
export function checkPasswordStrength(password: string, minimumLength: number, requirements = ''): void {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > MAX_PASSWORD_BYTES) {
    throw errors.validation(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if (bytes < minimumLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${minimumLength} characters.`);
  }
  const sets = requiredCharacterSets(requirements);
  if (sets.some((set) => ![...set].some((ch) => password.includes(ch)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  if (reasons.length > 0) throw errors.weakPassword(messages.join(' '), reasons);
}

export function isUuid(value: string): boolean {
  return UUID_FORMAT.test(value);
}

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Parses a Go duration ("24h", "1h30m", "90s") into milliseconds; null when malformed. */
export function parseGoDuration(value: string): number | null {
  const text = value.trim();
  if (text === '0') return 0;
  const match = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/.exec(text);
  if (!match) return null;
  const sign = match[1] === '-' ? -1 : 1;
  let total = 0;
  for (const part of text.replace(/^[+-]/, '').matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(part[1]) * (DURATION_UNITS[part[2] ?? 's'] ?? 0);
  }
  return sign * total;
}

/** Reads an optional string field of a JSON body; anything else counts as absent. */
export function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

export function objectField(body: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = body[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
