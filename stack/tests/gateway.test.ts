/** What Kong does in front of the services under `supabase start`: apikey checks and CORS. */
import { describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from '../../tests/support/stack-env.ts';

describe('gateway', () => {
  it('refuses REST and Auth calls without an apikey, with Kong’s message', async () => {
    for (const path of ['/rest/v1/anything', '/auth/v1/settings']) {
      const res = await fetch(`${API_URL}${path}`);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'No API key found in request' });
    }
  });

  it('refuses an apikey that is not one of the project keys', async () => {
    const res = await fetch(`${API_URL}/rest/v1/anything`, { headers: { apikey: 'not-a-key' } });
    expect(res.status).toBe(401);
  });

  it('accepts the apikey as a query parameter too (as realtime and EventSource clients send it)', async () => {
    const res = await fetch(`${API_URL}/auth/v1/health?apikey=${ANON_KEY}`);
    expect(res.status).toBe(200);
  });

  it('answers the CORS preflight on every route with the headers supabase-js sends', async () => {
    for (const path of ['/rest/v1/shifts', '/auth/v1/token', '/nowhere']) {
      const res = await fetch(`${API_URL}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://127.0.0.1:5173',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, apikey, x-client-info, content-type, prefer',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
      expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
      expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    }
  });

  it('exposes the headers the clients read across origins', async () => {
    const res = await fetch(`${API_URL}/auth/v1/health`, {
      headers: { apikey: SERVICE_ROLE_KEY, Origin: 'http://127.0.0.1:5173' },
    });
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const name of ['content-range', 'range-unit', 'location', 'x-total-count', 'link', 'x-supabase-api-version']) {
      expect(exposed).toContain(name);
    }
  });

  it('answers unknown prefixes with 404 and keeps serving', async () => {
    const res = await fetch(`${API_URL}/storage/v1/bucket`, { headers: { apikey: ANON_KEY } });
    expect(res.status).toBe(404);
    const health = await fetch(`${API_URL}/auth/v1/health`, { headers: { apikey: ANON_KEY } });
    expect(health.status).toBe(200);
  });

  it('keeps its own control route for the service role only', async () => {
    const asAnon = await fetch(`${API_URL}/_stack/functions/warm`, { method: 'POST', headers: { apikey: ANON_KEY } });
    expect(asAnon.status).toBe(403);
    const asService = await fetch(`${API_URL}/_stack/functions/warm`, {
      method: 'POST',
      headers: { apikey: SERVICE_ROLE_KEY },
    });
    expect(asService.status).toBe(200);
    expect(Array.isArray(await asService.json())).toBe(true);
  });
});
