import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { WorkerAccountError, errorMessage, onboardingErrorMessage } from './errors.ts';

const coded = (code: string, status = 400) => ({ code, status, message: 'server text' });

describe('errorMessage: auth codes (GoTrue and the catalogue names)', () => {
  it.each([
    ['user_already_exists', 'Email already in use. Please use another email'],
    ['email_exists', 'Email already in use. Please use another email'],
    ['email-already-in-use', 'Email already in use. Please use another email'],
    ['email_address_invalid', 'Invalid email format. Please check and try again'],
    ['invalid-email', 'Invalid email format. Please check and try again'],
    ['signup_disabled', 'Operation not allowed. Please contact support'],
    ['email_provider_disabled', 'Operation not allowed. Please contact support'],
    ['operation-not-allowed', 'Operation not allowed. Please contact support'],
    ['user_banned', 'Your account has been disabled. Contact support for assistance'],
    ['user-disabled', 'Your account has been disabled. Contact support for assistance'],
    ['wrong-password', 'Incorrect password. Please try again'],
    ['user_not_found', 'User not found. Please check your credential'],
    ['user-not-found', 'User not found. Please check your credential'],
    ['network-request-failed', 'Network error. Check your internet connection and try again'],
    ['invalid_credentials', 'Invalid credentials. Please verify and try again'],
    ['invalid-credential', 'Invalid credentials. Please verify and try again'],
    ['over_request_rate_limit', 'Too many requests. Please try again late.'],
    ['over_email_send_rate_limit', 'Too many requests. Please try again late.'],
    ['too-many-requests', 'Too many requests. Please try again late.'],
    ['reauthentication_needed', 'Requires recent login. Please sign in again'],
    ['requires-recent-login', 'Requires recent login. Please sign in again'],
  ])('%s → %j', (code, message) => {
    expect(errorMessage(coded(code))).toBe(message);
  });

  it('maps auth-js errors by their code', () => {
    expect(errorMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe(
      'Invalid credentials. Please verify and try again',
    );
    expect(errorMessage(new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'))).toBe(
      'Too many requests. Please try again late.',
    );
  });

  it.each(['weak_password', 'validation_failed', 'email_not_confirmed', 'something_new', 'PGRST116', '23505'])(
    'any other code (%s) → "Error. Please try again"',
    (code) => {
      expect(errorMessage(coded(code))).toBe('Error. Please try again');
    },
  );

  it.each([[undefined], [null], [{}], [{ code: '' }], [new Error('boom')], ['text']])(
    'a missing code (%j) → "An unknown error occurred"',
    (error) => {
      expect(errorMessage(error)).toBe('An unknown error occurred');
    },
  );
});

describe('errorMessage: network and database', () => {
  it('a request that never got an answer is a network error', () => {
    expect(errorMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(
      'Network error. Check your internet connection and try again',
    );
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'Network error. Check your internet connection and try again',
    );
    expect(errorMessage({ message: 'TypeError: fetch failed', code: '' })).toBe(
      'Network error. Check your internet connection and try again',
    );
  });

  it.each([
    ['PGRST000'],
    ['PGRST001'],
    ['PGRST002'],
    ['PGRST003'],
    ['08006'],
    ['08001'],
    ['53300'],
    ['57P01'],
    ['unavailable'],
    ['failed-precondition'],
    ['aborted'],
    ['deadline-exceeded'],
    ['internal'],
    ['resource-exhausted'],
    ['cancelled'],
  ])('%s → database connection error', (code) => {
    expect(errorMessage(coded(code))).toBe('Database connection error. Please check your network or try again later');
  });

  it('a 502/503/504 from the gateway is a database connection error', () => {
    expect(errorMessage(new AuthRetryableFetchError('Service Unavailable', 503))).toBe(
      'Database connection error. Please check your network or try again later',
    );
    expect(errorMessage({ status: 504, message: 'Gateway Timeout' })).toBe(
      'Database connection error. Please check your network or try again later',
    );
  });
});

describe('worker accounts', () => {
  it('are refused with the agency-only message', () => {
    expect(errorMessage(new WorkerAccountError())).toBe(
      'This dashboard is for agencies. Please download the app for workers instead.',
    );
  });
});

describe('onboardingErrorMessage', () => {
  it('shows a failure that explains itself', () => {
    expect(onboardingErrorMessage({ code: 'P0001', message: 'Time zone must be a valid IANA time zone' })).toBe(
      'Time zone must be a valid IANA time zone',
    );
  });
  it('falls back to the unexpected-error text', () => {
    expect(onboardingErrorMessage(undefined)).toBe('An unexpected error occurred. Please try again');
    expect(onboardingErrorMessage({ message: '' })).toBe('An unexpected error occurred. Please try again');
  });
  it('uses the catalogue for connection problems', () => {
    expect(onboardingErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Network error. Check your internet connection and try again',
    );
    expect(onboardingErrorMessage({ code: 'PGRST001', message: 'Could not connect' })).toBe(
      'Database connection error. Please check your network or try again later',
    );
  });
});
