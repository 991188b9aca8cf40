import { describe, expect, it } from 'vitest';
import {
  WORKER_EMAIL_DOMAINS,
  digitsOnly,
  isWorkerEmail,
  passwordCriteria,
  required,
  validateConfirmPassword,
  validateEmail,
  validateLoginPassword,
  validateNewPassword,
  validatePhone,
  validatePostalCode,
  validateSignupEmail,
} from './validation.ts';

describe('email (log-in and sign-up)', () => {
  it('is required', () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('   ')).toBe('Email is required');
    expect(validateSignupEmail('')).toBe('Email is required');
  });

  it.each(['plainaddress', 'no-at.example.com', 'a@b', 'a b@example.com', '@example.com', 'a@'])(
    'rejects %s as not an address',
    (email) => {
      expect(validateEmail(email)).toBe('Please enter a valid email');
      expect(validateSignupEmail(email)).toBe('Please enter a valid email');
    },
  );

  it('accepts an agency address', () => {
    expect(validateEmail('owner@sunrise-care.ca')).toBeNull();
    expect(validateSignupEmail(' owner@sunrise-care.ca ')).toBeNull();
  });
});

describe('worker-domain rule (sign-up only)', () => {
  it('is a fixed list of five domains', () => {
    expect(WORKER_EMAIL_DOMAINS).toEqual(['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'uwaterloo.ca']);
  });

  it.each(WORKER_EMAIL_DOMAINS.map((d) => `someone@${d}`))('refuses %s', (email) => {
    expect(validateSignupEmail(email)).toBe('It seems you are a worker. Download the app instead if so');
  });

  it('ignores case and matches the university sub-domains', () => {
    expect(isWorkerEmail('Someone@GMAIL.com')).toBe(true);
    expect(isWorkerEmail('student@mail.uwaterloo.ca')).toBe(true);
  });

  it('does not match look-alike domains', () => {
    expect(isWorkerEmail('someone@gmail.com.agency.ca')).toBe(false);
    expect(isWorkerEmail('someone@notgmail.com')).toBe(false);
    expect(isWorkerEmail('someone@uwaterloo.ca.example.com')).toBe(false);
  });

  it('does not apply at log-in', () => {
    expect(validateEmail('someone@gmail.com')).toBeNull();
  });
});

describe('sign-up password', () => {
  it.each([
    ['', 'empty'],
    ['Ab1!', 'too short'],
    ['abcdef1!', 'no capital letter'],
    ['Abcdefg!', 'no digit'],
    ['Abcdef12', 'no special character'],
    ['Abcde1_', 'underscore is not one of the special characters'],
  ])('rejects %j (%s)', (password) => {
    expect(validateNewPassword(password)).toBe('Password does not meet all criteria');
  });

  it.each(['Abcde1!', 'Xy9@zz', 'Pass1"word', 'Q1{}|<>', 'Aa1.aa'])('accepts %j', (password) => {
    expect(validateNewPassword(password)).toBeNull();
  });

  it('refuses what Supabase Auth would refuse: more than 72 bytes', () => {
    expect(validateNewPassword(`Ab1!${'a'.repeat(68)}`)).toBeNull();
    expect(validateNewPassword(`Ab1!${'a'.repeat(69)}`)).toBe('Password does not meet all criteria');
    expect(validateNewPassword(`Ab1!${'é'.repeat(35)}`)).toBe('Password does not meet all criteria'); // 74 bytes
  });

  it('reports each criterion for the live checklist', () => {
    expect(passwordCriteria('abc').map((c) => [c.id, c.isMet])).toEqual([
      ['length', false],
      ['capital', false],
      ['digit', false],
      ['special', false],
    ]);
    expect(passwordCriteria('Abcdef1?').every((c) => c.isMet)).toBe(true);
    expect(passwordCriteria('').map((c) => c.label)).toEqual([
      'At least 6 characters',
      'A capital letter',
      'A number',
      'A special character (!@#$%^&*(),.?":{}|<>)',
    ]);
  });
});

describe('confirm password', () => {
  it('is required', () => {
    expect(validateConfirmPassword('', 'Abcde1!')).toBe('Please confirm your password');
  });
  it('must match', () => {
    expect(validateConfirmPassword('Abcde1?', 'Abcde1!')).toBe('Passwords do not match');
    expect(validateConfirmPassword('Abcde1!', 'Abcde1!')).toBeNull();
  });
});

describe('log-in password', () => {
  it('is required and otherwise unchecked', () => {
    expect(validateLoginPassword('')).toBe('Password is required');
    expect(validateLoginPassword('x')).toBeNull();
  });
});

describe('onboarding', () => {
  it('phone is required and 10 digits once non-digits are removed', () => {
    expect(validatePhone('')).toBe('Phone is required');
    expect(validatePhone('  ')).toBe('Phone is required');
    expect(validatePhone('416-555-010')).toBe('Phone must be 10 digits');
    expect(validatePhone('1 416 555 0100')).toBe('Phone must be 10 digits');
    expect(validatePhone('abc')).toBe('Phone must be 10 digits');
    expect(validatePhone('(416) 555-0100')).toBeNull();
    expect(digitsOnly('(416) 555-0100')).toBe('4165550100');
  });

  it('postal code is required and at least 6 characters', () => {
    expect(validatePostalCode('')).toBe('Postal code is required');
    expect(validatePostalCode('M5H1A')).toBe('Postal code must be at least 6 characters');
    expect(validatePostalCode('M5H 1A1')).toBeNull();
    expect(validatePostalCode('98101-1234')).toBeNull();
  });

  it.each([
    ['Street is required'],
    ['City is required'],
    ['Province is required'],
    ['Country is required'],
    ['Staff size is required'],
    ['Please select an option'],
    ['Company type is required'],
  ])('required fields give %j when empty', (message) => {
    const rule = required(message);
    expect(rule('')).toBe(message);
    expect(rule('   ')).toBe(message);
    expect(rule(null)).toBe(message);
    expect(rule('value')).toBeNull();
  });
});
