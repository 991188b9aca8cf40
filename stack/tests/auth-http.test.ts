/** Cross-cutting HTTP behaviour of /auth/v1: version header, CORS, settings, health, rate limits. */
import { describe, expect, it } from 'vitest';
import { anonClient, TEST_PASSWORD, uniqueEmail } from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL } from '../../tests/support/stack-env.ts';

const ORIGIN = 'http://localhost:5173';

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${API_URL}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json', Origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
}

describe('headers', () => {
  it('echoes X-Supabase-Api-Version on errors and exposes it to browsers', async () => {
    const res = await post(
      '/token?grant_type=password',
      { email: uniqueEmail('hdr'), password: 'x' },
      {
        'x-supabase-api-version': '2024-01-01',
      },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
    expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('adds the legacy error fields for callers without the version header', async () => {
    const res = await post('/token?grant_type=password', { email: uniqueEmail('legacy'), password: 'x' });
    expect(await res.json()).toMatchObject({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('answers the CORS preflight', async () => {
    const res = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-supabase-api-version, x-client-info',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
  });

  it('answers 400 bad_json for a body that is not JSON', async () => {
    const res = await fetch(`${API_URL}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('bad_json');
  });

  it('requires the apikey except on the JWKS', async () => {
    const health = await fetch(`${API_URL}/auth/v1/health`);
    expect(health.status).toBe(401);
    const jwks = await fetch(`${API_URL}/auth/v1/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(await jwks.json()).toEqual({ keys: [] });
  });
});

describe('settings and health', () => {
  it('describes the providers and autoconfirm', async () => {
    const res = await fetch(`${API_URL}/auth/v1/settings`, { headers: { apikey: ANON_KEY } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      external: { email: true, phone: false, anonymous_users: false, github: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: true,
    });
  });

  it('reports GoTrue health', async () => {
    const res = await fetch(`${API_URL}/auth/v1/health`, { headers: { apikey: ANON_KEY } });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.name).toBe('GoTrue');
    expect(typeof body.version).toBe('string');
    expect(typeof body.description).toBe('string');
  });
});

describe('rate limits', () => {
  it('answers 429 over_request_rate_limit after ten failed sign-ins for one email, and only for that email', async () => {
    const email = uniqueEmail('ratelimit');
    await anonClient().auth.signUp({ email, password: TEST_PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await post('/token?grant_type=password', { email, password: `wrong-${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(10).fill(400));
    const blocked = await post(
      '/token?grant_type=password',
      { email, password: TEST_PASSWORD },
      {
        'x-supabase-api-version': '2024-01-01',
      },
    );
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });

    const viaClient = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(viaClient.error?.status).toBe(429);
    expect(viaClient.error?.code).toBe('over_request_rate_limit');

    const otherEmail = uniqueEmail('ratelimit-other');
    const other = await post('/token?grant_type=password', { email: otherEmail, password: 'wrong' });
    expect(other.status).toBe(400);
  });
});
