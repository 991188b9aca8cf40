/** Shared helpers of the realtime tests: clients per protocol version, JWTs, waiting. */
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { clientOptions } from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL, JWT_SECRET } from '../../tests/support/stack-env.ts';

export type Vsn = '1.0.0' | '2.0.0';

const secret = new TextEncoder().encode(JWT_SECRET);

/**
 * A user JWT as GoTrue would issue it, so realtime tests do not depend on the auth service.
 * `extra` adds or overrides claims.
 */
export async function userJwt(
  sub: string,
  expiresInSeconds = 3600,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    email: `${sub.slice(0, 8)}@test.local`,
    ...extra,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(secret);
}

export interface RealtimeUser {
  client: SupabaseClient;
  /** Changes what the client's token callback returns (and so what it re-sends on heartbeats). */
  setToken(token: string | null): Promise<void>;
}

/**
 * A supabase-js client for one protocol version. The token comes from a `realtime.accessToken`
 * callback, the way supabase-js feeds a signed-in session to realtime; null means the anon key.
 * The token is fetched once before any channel joins, as supabase-js does on its auth events.
 */
export async function realtimeUser(vsn: Vsn, token: string | null): Promise<RealtimeUser> {
  let current = token;
  const client = createClient(API_URL, ANON_KEY, {
    ...clientOptions,
    realtime: {
      ...clientOptions.realtime,
      vsn,
      accessToken: async () => current ?? ANON_KEY,
    },
  });
  // supabase-js does this on SIGNED_IN / INITIAL_SESSION, before the app opens channels.
  await client.realtime.setAuth();
  return {
    client,
    setToken: async (next) => {
      current = next;
      await client.realtime.setAuth(next ?? ANON_KEY);
    },
  };
}

/** Subscribes and resolves once the server confirmed the join (rejects on error or timeout). */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        reject(error ?? new Error(status));
      }
    });
  });
}

/** Polls `check` until it holds; never sleeps a fixed time. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomUUID().slice(0, 8)}`;
}
