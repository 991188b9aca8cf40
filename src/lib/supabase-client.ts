import { createClient } from '@supabase/supabase-js';
import { env } from '../config/env.ts';
import { AUTH_STORAGE_KEY } from './auth-storage.ts';

/** The one supabase-js client of the dashboard; load it through `loadSupabase` (see supabase.ts). */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { storageKey: AUTH_STORAGE_KEY, persistSession: true, autoRefreshToken: true },
});
