import { createClient } from '@supabase/supabase-js';
import { env } from '../config/env.ts';
import { AUTH_STORAGE_KEY } from './auth-storage.ts';

/** The one supabase-js client of the dashboard; load it through `loadSupabase` (see supabase.ts). */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { storageKey: AUTH_STORAGE_KEY, persistSession: true, autoRefreshToken: true },
});

// Offline, the Realtime socket is dead but only a missed heartbeat would tell; closing it lets the
// channels rejoin over a new socket as soon as the network is back (see live-subscription.ts).
if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    void supabase.realtime.disconnect();
  });
}
