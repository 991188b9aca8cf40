/**
 * Form validation rules of SPEC §5, as pure functions returning the exact message or null, so
 * Mantine's useForm can use them directly and unit tests can pin every text.
 */

export const validationMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  workerEmail: 'It seems you are a worker. Download the app instead if so',
  passwordCriteria: 'Password does not meet all criteria',
  passwordRequired: 'Password is required',
  confirmRequired: 'Please confirm your password',
  confirmMismatch: 'Passwords do not match',
  phoneRequired: 'Phone is required',
  phoneDigits: 'Phone must be 10 digits',
  streetRequired: 'Street is required',
  cityRequired: 'City is required',
  provinceRequired: 'Province is required',
  countryRequired: 'Country is required',
  postalCodeRequired: 'Postal code is required',
  postalCodeLength: 'Postal code must be at least 6 characters',
  staffSizeRequired: 'Staff size is required',
  referralRequired: 'Please select an option',
  companyTypeRequired: 'Company type is required',
  timeZoneRequired: 'Time zone is required',
} as const;

/**
 * SPEC §5's fixed list of five domains whose addresses belong to frontline workers rather than
 * agencies: the four most common free consumer mail providers in Canada and the US, plus the
 * university whose students make up much of the casual care workforce the product started with.
 * The university (University of Waterloo, uwaterloo.ca) also matches its sub-domains
 * (e.g. student mail hosts); the providers match exactly.
 */
export const WORKER_EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'uwaterloo.ca'] as const;
const UNIVERSITY_DOMAIN = 'uwaterloo.ca';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmailFormat(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function isWorkerEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  if ((WORKER_EMAIL_DOMAINS as readonly string[]).includes(domain)) return true;
  return domain.endsWith(`.${UNIVERSITY_DOMAIN}`);
}

/** Log-in email: required and shaped like an address. */
export function validateEmail(email: string): string | null {
  if (email.trim() === '') return validationMessages.emailRequired;
  if (!isValidEmailFormat(email)) return validationMessages.emailInvalid;
  return null;
}

/** Sign-up email: the log-in rules, then the worker-domain rule. */
export function validateSignupEmail(email: string): string | null {
  const basic = validateEmail(email);
  if (basic) return basic;
  if (isWorkerEmail(email)) return validationMessages.workerEmail;
  return null;
}

export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';
export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt reads 72 bytes; Supabase Auth refuses longer passwords, so the form stops there too. */
export const PASSWORD_MAX_BYTES = 72;

export interface PasswordCriterion {
  id: 'length' | 'capital' | 'digit' | 'special';
  label: string;
  isMet: boolean;
}

/** The live checklist shown while the sign-up password field is focused. */
export function passwordCriteria(password: string): PasswordCriterion[] {
  return [
    {
      id: 'length',
      label: `At least ${PASSWORD_MIN_LENGTH} characters`,
      isMet: password.length >= PASSWORD_MIN_LENGTH,
    },
    { id: 'capital', label: 'A capital letter', isMet: /[A-Z]/.test(password) },
    { id: 'digit', label: 'A number', isMet: /[0-9]/.test(password) },
    {
      id: 'special',
      label: `A special character (${PASSWORD_SPECIAL_CHARACTERS})`,
      isMet: [...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
    },
  ];
}

export function validateNewPassword(password: string): string | null {
  const fits = new TextEncoder().encode(password).length <= PASSWORD_MAX_BYTES;
  return fits && passwordCriteria(password).every((c) => c.isMet) ? null : validationMessages.passwordCriteria;
}

export function validateConfirmPassword(confirm: string, password: string): string | null {
  if (confirm === '') return validationMessages.confirmRequired;
  if (confirm !== password) return validationMessages.confirmMismatch;
  return null;
}

export function validateLoginPassword(password: string): string | null {
  return password === '' ? validationMessages.passwordRequired : null;
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** Phone: required; exactly 10 digits once everything that is not a digit is removed. */
export function validatePhone(phone: string): string | null {
  if (phone.trim() === '') return validationMessages.phoneRequired;
  if (digitsOnly(phone).length !== 10) return validationMessages.phoneDigits;
  return null;
}

/** Postal code: required and, as the database enforces (SPEC §9), at least 6 characters. */
export function validatePostalCode(postalCode: string): string | null {
  if (postalCode.trim() === '') return validationMessages.postalCodeRequired;
  if (postalCode.trim().length < 6) return validationMessages.postalCodeLength;
  return null;
}

/** A rule for a required field: the message when the value is empty or only spaces. */
export function required(message: string): (value: string | null | undefined) => string | null {
  return (value) => (value == null || value.trim() === '' ? message : null);
}
