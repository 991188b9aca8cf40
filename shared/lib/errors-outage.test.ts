/**
 * SPEC §8's messages for an outage, through the real supabase-js: the clients are handed a fetch
 * that answers what the gateway sends while Postgres is down (PostgREST's 503 PGRST001, GoTrue's
 * 503) or that fails like a lost network, and `errorMessage` must turn what supabase-js makes of
 * them into the catalogue's database or network message.
 */
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { errorMessage, errorMessages } from './errors.ts';

const URL = 'http://127.0.0.1:54321';
const KEY = 'anon-key';

/** The bodies the local gateway answers while Postgres is stopped (stack/tests/faults.test.ts). */
const restOutage = {
  code: 'PGRST001',
  details: 'connect ECONNREFUSED 127.0.0.1:54322',
  hint: null,
  message: 'Database client error. Retrying the connection.',
};
const authOutage = { code: 'unexpected_failure', message: 'Database connection error. Retrying the connection.' };

type Transport = NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'];

function clientAnswering(fetchImpl: typeof fetch) {
  return createClient(URL, KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchImpl },
    // Node 20 has no WebSocket of its own; no channel is opened here, but the client needs one.
    realtime: { transport: WebSocket as unknown as Transport },
  });
}

const outage: typeof fetch = async (input) => {
  const url = typeof input === 'string' ? input : input instanceof Request ? input.url : input.href;
  const body = url.includes('/auth/v1/') ? authOutage : restOutage;
  return new Response(JSON.stringify(body), { status: 503, headers: { 'Content-Type': 'application/json' } });
};

const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

describe('errorMessage during an outage', () => {
  it('shows the database message for a 503 from PostgREST (read, write and RPC)', async () => {
    const client = clientAnswering(outage);
    // Reads are retried by postgrest-js on 503; one answer is enough here.
    const read = await client.from('shifts').select('id').retry(false);
    const write = await client.from('shifts').insert({ city: 'Toronto' });
    const rpc = await client.rpc('company_insights', {});
    for (const { error, status } of [read, write, rpc]) {
      expect(status).toBe(503);
      expect(errorMessage(error)).toBe(errorMessages.database);
    }
    expect(errorMessages.database).toBe('Database connection error. Please check your network or try again later');
  });

  it('shows the database message for a 503 from auth', async () => {
    const { error } = await clientAnswering(outage).auth.signInWithPassword({
      email: 'agency@example.com',
      password: 'Secret!234',
    });
    expect(error?.status).toBe(503);
    expect(errorMessage(error)).toBe(errorMessages.database);
  });

  it('shows the network message when no answer comes at all', async () => {
    const client = clientAnswering(offline);
    const write = await client.from('shifts').insert({ city: 'Toronto' });
    const { error: authError } = await client.auth.signInWithPassword({
      email: 'agency@example.com',
      password: 'Secret!234',
    });
    for (const error of [write.error, authError]) {
      expect(errorMessage(error)).toBe('Network error. Check your internet connection and try again');
    }
  });
});
