// Functions act as their caller: every database read goes through a client carrying the caller's
// JWT, so Postgres row-level security decides what the function may see, exactly as for the
// dashboard. The service role key is never used to answer a user's request.
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.119.0';
import { type Env, requireEnv } from './env.ts';
import { HttpError } from './http.ts';

export type { SupabaseClient };

/** Makes a client for one request from its `Authorization` header value (`Bearer <jwt>`). */
export type UserClientFactory = (authorization: string) => SupabaseClient;

export function userClientFactory(env: Env, fetchImpl: typeof fetch = fetch): UserClientFactory {
  return (authorization) =>
    createClient(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_ANON_KEY'), {
      global: { headers: { Authorization: authorization }, fetch: fetchImpl },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
}

/**
 * The bearer token of the request. The gateway checks it too when verify_jwt is on, but the
 * function must not depend on that setting.
 */
export function bearerToken(req: Request): string {
  const header = req.headers.get('authorization');
  if (!header) throw new HttpError(401, 'unauthorized', 'Sign in first: the Authorization header is missing.');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) {
    throw new HttpError(401, 'unauthorized', "The Authorization header must be 'Bearer <access token>'.");
  }
  return match[1];
}

/**
 * A claim of a JWT as the token states it, or null: not verified here. Trusted only once the Auth
 * server has checked the token (requireUser); before that, it may only choose what to read early.
 */
export function jwtClaim(token: string, claim: string): unknown {
  try {
    const payload = token.split('.')[1] ?? '';
    const text = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    return (JSON.parse(text) as Record<string, unknown>)[claim] ?? null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user behind the token, checked by the Auth server (signature, expiry, user still
 * exists). The anon key is a valid JWT but has no user, so it is refused here.
 */
export async function requireUser(client: SupabaseClient, token: string): Promise<{ id: string }> {
  let result: Awaited<ReturnType<SupabaseClient['auth']['getUser']>>;
  try {
    result = await client.auth.getUser(token);
  } catch (error) {
    console.error('auth.getUser threw', error);
    throw new HttpError(502, 'upstream_unavailable', 'The sign-in service could not be reached. Please try again.');
  }
  const { data, error } = result;
  if (error || !data.user) {
    const status = error && 'status' in error ? Number(error.status) : 0;
    if (error && (!status || status >= 500)) {
      console.error('auth.getUser failed', error);
      throw new HttpError(502, 'upstream_unavailable', 'The sign-in service could not be reached. Please try again.');
    }
    throw new HttpError(401, 'unauthorized', 'Your session is invalid or has expired. Please sign in again.');
  }
  return { id: data.user.id };
}
