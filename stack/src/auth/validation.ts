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

/** Throws 422 weak_password when too short, 400 when longer than bcrypt can hash. */
export function checkPasswordStrength(password: string, minimumLength: number): void {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > MAX_PASSWORD_BYTES) {
    throw errors.validation(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if (bytes < minimumLength) throw errors.weakPassword(minimumLength);
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
