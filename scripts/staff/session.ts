/**
 * The staff app's session: a supabase-js client signed in as one worker, with its session kept in
 * `.stack/staff-sessions/<email>.json` so later commands reuse (and refresh) it instead of signing
 * in again. Only the anon key and the worker's own tokens are used, never the service key.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient, type SupportedStorage } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, apiUrl, paths } from '../../stack/src/config.ts';
import type { Database } from '@shared/types/database.types.ts';

export type StaffClient = SupabaseClient<Database>;

export interface StaffSession {
  client: StaffClient;
  userId: string;
  email: string;
}

export interface StaffCredentials {
  email: string;
  password: string;
}

export interface StaffOptions {
  /** Where sessions are kept; default `.stack/staff-sessions` (or STAFF_SESSIONS_DIR). */
  sessionDir?: string;
  /** API URL and anon key; default the local stack (or STACK_API_URL). */
  apiUrl?: string;
  anonKey?: string;
}

/** The seeded worker (see the `-- demo-login:` lines of supabase/seed.sql). */
export const DEMO_STAFF: StaffCredentials = { email: 'amelia.tremblay@example.com', password: 'Staff!2345' };

/** A database or auth refusal, carrying the server's own sentence as its message. */
export class StaffError extends Error {
  override name = 'StaffError';
}

export function sessionDir(options: StaffOptions = {}): string {
  return options.sessionDir ?? process.env.STAFF_SESSIONS_DIR ?? path.join(paths.state, 'staff-sessions');
}

export function sessionFile(email: string, options: StaffOptions = {}): string {
  const name = email
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]/g, '_');
  return path.join(sessionDir(options), `${name}.json`);
}

/** auth-js storage backed by one JSON file per worker; values are stored parsed, for readability. */
function fileStorage(file: string): SupportedStorage {
  const read = (): Record<string, unknown> => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  const write = (data: Record<string, unknown>): void => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  };
  return {
    getItem: (key) => {
      const value = read()[key];
      return value === undefined ? null : JSON.stringify(value);
    },
    setItem: (key, value) => {
      let parsed: unknown = value;
      try {
        parsed = JSON.parse(value);
      } catch {
        // keep non-JSON values as strings
      }
      write({ ...read(), [key]: parsed });
    },
    removeItem: (key) => {
      const data = read();
      delete data[key];
      if (Object.keys(data).length === 0) rmSync(file, { force: true });
      else write(data);
    },
  };
}

type Transport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];

/** A client whose auth session lives in the worker's session file. */
export function staffClient(email: string, options: StaffOptions = {}): StaffClient {
  return createClient<Database>(options.apiUrl ?? process.env.STACK_API_URL ?? apiUrl, options.anonKey ?? ANON_KEY, {
    auth: {
      storage: fileStorage(sessionFile(email, options)),
      persistSession: true,
      // A CLI run is short; the stored session is refreshed on the next getSession() instead of
      // by a timer that would keep the process alive.
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    // Node 20 has no global WebSocket that realtime-js accepts.
    realtime: { transport: WebSocket as unknown as Transport },
  });
}

/** Signs in with the password (always), storing the new session. */
export async function logIn(credentials: StaffCredentials, options: StaffOptions = {}): Promise<StaffSession> {
  const client = staffClient(credentials.email, options);
  const { data, error } = await client.auth.signInWithPassword(credentials);
  if (error) throw new StaffError(error.message);
  return { client, userId: data.user.id, email: data.user.email ?? credentials.email };
}

/**
 * The stored session for this worker (refreshed when its access token has expired), or a fresh
 * password sign-in when there is none or it can no longer be refreshed.
 */
export async function openSession(credentials: StaffCredentials, options: StaffOptions = {}): Promise<StaffSession> {
  const client = staffClient(credentials.email, options);
  const { data, error } = await client.auth.getSession();
  const user = data.session?.user;
  if (!error && user && user.email?.toLowerCase() === credentials.email.trim().toLowerCase()) {
    return { client, userId: user.id, email: user.email };
  }
  rmSync(sessionFile(credentials.email, options), { force: true });
  return logIn(credentials, options);
}
