import { describe, expect, it } from 'vitest';
import { accessTokenClaims, sessionResponse } from './claims.ts';
import { goTimestamp, mergeMetadata, userJson, type IdentityRow, type UserRow } from './user-json.ts';
import { parseGoDuration, validateEmail, checkPasswordStrength } from './validation.ts';
import { toResponseBody, wantsVersionedErrors, errors } from './errors.ts';
import { paginationHeaders } from './routes/admin.ts';

const ID = '11111111-2222-4333-8444-555555555555';

function userRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: ID,
    aud: 'authenticated',
    role: 'authenticated',
    email: 'ada@example.com',
    phone: null,
    email_confirmed_at: '2026-11-21T20:00:00.123450Z',
    invited_at: null,
    phone_confirmed_at: null,
    confirmation_sent_at: null,
    confirmed_at: '2026-11-21T20:00:00.123450Z',
    recovery_sent_at: null,
    email_change: '',
    email_change_sent_at: null,
    phone_change: '',
    phone_change_sent_at: null,
    reauthentication_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: { full_name: 'Ada' },
    banned_until: null,
    created_at: '2026-11-21T20:00:00.000000Z',
    updated_at: '2026-11-21T20:00:01.500000Z',
    deleted_at: null,
    is_anonymous: false,
    is_banned: false,
    has_password: true,
    ...overrides,
  };
}

const identity: IdentityRow = {
  id: '99999999-2222-4333-8444-555555555555',
  provider_id: ID,
  user_id: ID,
  identity_data: { sub: ID, email: 'ada@example.com', email_verified: true, phone_verified: false },
  provider: 'email',
  last_sign_in_at: null,
  created_at: '2026-11-21T20:00:00.000000Z',
  updated_at: '2026-11-21T20:00:00.000000Z',
  email: 'ada@example.com',
};

describe('userJson', () => {
  it('serialises the user as GoTrue does, omitting empty optional fields', () => {
    const json = userJson(userRow(), [identity]);
    expect(Object.keys(json)).toEqual([
      'id',
      'aud',
      'role',
      'email',
      'email_confirmed_at',
      'phone',
      'confirmed_at',
      'app_metadata',
      'user_metadata',
      'identities',
      'created_at',
      'updated_at',
      'is_anonymous',
    ]);
    expect(json.phone).toBe('');
    expect(json.email_confirmed_at).toBe('2026-11-21T20:00:00.12345Z');
    expect(json.created_at).toBe('2026-11-21T20:00:00Z');
    expect(json.updated_at).toBe('2026-11-21T20:00:01.5Z');
    expect(json.identities).toEqual([
      {
        identity_id: identity.id,
        id: ID,
        user_id: ID,
        identity_data: identity.identity_data,
        provider: 'email',
        created_at: '2026-11-21T20:00:00Z',
        updated_at: '2026-11-21T20:00:00Z',
        email: 'ada@example.com',
      },
    ]);
  });

  it('falls back to the default aud and role for rows written by seed SQL', () => {
    const json = userJson(userRow({ aud: null, role: null, raw_app_meta_data: null, raw_user_meta_data: null }), []);
    expect(json).toMatchObject({ aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {} });
  });

  it('shows bans and pending changes', () => {
    const json = userJson(
      userRow({ banned_until: '2099-01-01T00:00:00.000000Z', email_change: 'new@example.com' }),
      [],
    );
    expect(json.banned_until).toBe('2099-01-01T00:00:00Z');
    expect(json.new_email).toBe('new@example.com');
  });
});

describe('goTimestamp', () => {
  it('trims trailing zeros of the fraction like RFC3339Nano', () => {
    expect(goTimestamp('2026-01-02T03:04:05.100000Z')).toBe('2026-01-02T03:04:05.1Z');
    expect(goTimestamp('2026-01-02T03:04:05.123456Z')).toBe('2026-01-02T03:04:05.123456Z');
    expect(goTimestamp(null)).toBeNull();
  });
});

describe('mergeMetadata', () => {
  it('replaces top-level keys and removes those set to null', () => {
    expect(mergeMetadata({ a: 1, b: { c: 2 }, d: 3 }, { b: { e: 4 }, d: null, f: 'x' })).toEqual({
      a: 1,
      b: { e: 4 },
      f: 'x',
    });
  });
});

describe('accessTokenClaims', () => {
  const settings = { issuer: 'http://127.0.0.1:54321/auth/v1', jwtExpiry: 3600 };

  it('carries the registered, user and session claims GoTrue issues', () => {
    const claims = accessTokenClaims(userRow(), { id: 'sess', authenticatedAt: 1000 }, settings, 2000);
    expect(claims).toEqual({
      iss: 'http://127.0.0.1:54321/auth/v1',
      sub: ID,
      aud: 'authenticated',
      exp: 5600,
      iat: 2000,
      email: 'ada@example.com',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Ada' },
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: 1000 }],
      session_id: 'sess',
      is_anonymous: false,
    });
  });

  it('uses the row role and marks anonymous users', () => {
    const claims = accessTokenClaims(
      userRow({ role: 'service_worker', is_anonymous: true, email: null }),
      { id: 's', authenticatedAt: 1 },
      settings,
      2,
    );
    expect(claims).toMatchObject({
      role: 'service_worker',
      is_anonymous: true,
      email: '',
      amr: [{ method: 'anonymous' }],
    });
  });

  it('builds a session response whose tokens and expiry are all truthy', () => {
    const claims = accessTokenClaims(userRow(), { id: 's', authenticatedAt: 1 }, settings, 10);
    const session = sessionResponse('jwt', 'refresh', claims, settings, userRow(), []);
    expect(session).toMatchObject({
      access_token: 'jwt',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: 3610,
      refresh_token: 'refresh',
    });
    expect((session.user as { id: string }).id).toBe(ID);
  });
});

describe('validation', () => {
  it('lower-cases valid emails and rejects malformed ones with GoTrue’s message', () => {
    expect(validateEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(() => validateEmail('not-an-email')).toThrow('Unable to validate email address: invalid format');
  });

  it('rejects short passwords as weak', () => {
    expect(() => checkPasswordStrength('12345', 6)).toThrow('Password should be at least 6 characters.');
    expect(() => checkPasswordStrength('123456', 6)).not.toThrow();
  });

  it('parses Go durations', () => {
    expect(parseGoDuration('24h')).toBe(86_400_000);
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('forever')).toBeNull();
  });
});

describe('error bodies', () => {
  it('keeps {code, message} for versioned callers and adds legacy fields for the others', () => {
    const error = errors.invalidCredentials();
    expect(toResponseBody(error, true)).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(toResponseBody(error, false)).toMatchObject({
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    expect(wantsVersionedErrors('2024-01-01')).toBe(true);
    expect(wantsVersionedErrors(undefined)).toBe(false);
  });
});

describe('paginationHeaders', () => {
  it('links next and last with the page number right after the first "="', () => {
    const headers = paginationHeaders('http://127.0.0.1:54321', 1, 2, 5);
    expect(headers['X-Total-Count']).toBe('5');
    expect(headers.Link).toBe(
      '<http://127.0.0.1:54321/auth/v1/admin/users?page=2&per_page=2>; rel="next", ' +
        '<http://127.0.0.1:54321/auth/v1/admin/users?page=3&per_page=2>; rel="last"',
    );
    expect(paginationHeaders('http://x', 3, 2, 5).Link).toBe(
      '<http://x/auth/v1/admin/users?page=3&per_page=2>; rel="last"',
    );
  });
});
