import { createClient } from '@supabase/supabase-js';
import { env } from '../config/env.ts';
import { AUTH_STORAGE_KEY, hasStoredSession } from './auth-storage.ts';
import { checkSessionOnRefocus, createSessionEndDetector, setActiveSessionEndDetector } from './session-ended.ts';

// Sees every answer of the client, so a session ended elsewhere is noticed on its first refusal.
const sessionEnd = createSessionEndDetector({
  hasSessionAtStart: hasStoredSession(),
  signOutLocally: () => supabase.auth.signOut({ scope: 'local' }),
  checkSession: () => supabase.auth.getUser(),
});

/** The one supabase-js client of the dashboard; load it through `loadSupabase` (see supabase.ts). */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { storageKey: AUTH_STORAGE_KEY, persistSession: true, autoRefreshToken: true },
  global: { fetch: sessionEnd.fetch },
});

setActiveSessionEndDetector(sessionEnd);
supabase.auth.onAuthStateChange((event, session) => sessionEnd.onAuthEvent(event, session !== null));
checkSessionOnRefocus(sessionEnd);

// Offline, the Realtime socket is dead but only a missed heartbeat would tell; closing it lets the
// channels rejoin over a new socket as soon as the network is back (see live-subscription.ts).
if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    void supabase.realtime.disconnect();
  });
}
