/** supabase-js clients and a superuser connection for integration tests. */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { ANON_KEY, API_URL, DB_URL, SERVICE_ROLE_KEY } from './stack-env.ts';

type Transport = NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'];

/** Node 20 has no global WebSocket that realtime-js accepts, so tests hand it the `ws` package. */
export const clientOptions: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as Transport },
};

export function anonClient(): SupabaseClient {
  return createClient(API_URL, ANON_KEY, clientOptions);
}

export function serviceClient(): SupabaseClient {
  return createClient(API_URL, SERVICE_ROLE_KEY, clientOptions);
}

/** A superuser connection, for fixtures the API must not be able to create. */
export async function superuser(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  return client;
}

export const TEST_PASSWORD = 'Str0ng!pass';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@test.carecover.local`;
}

/** A confirmed user created through the admin API, then signed in with a client of its own. */
export async function signedInUser(label = 'user'): Promise<{
  client: SupabaseClient;
  userId: string;
  email: string;
  accessToken: string;
}> {
  const email = uniqueEmail(label);
  const admin = serviceClient();
  const { data, error } = await admin.auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
  if (error) throw error;
  const client = anonClient();
  const signIn = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (signIn.error) throw signIn.error;
  return { client, userId: data.user.id, email, accessToken: signIn.data.session.access_token };
}
