import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The supabase-js client, loaded on demand. supabase-js is ~55 KB gzipped, more than the rest of a
 * public page's JavaScript, so the landing, log-in and sign-up pages load it only when a session is
 * stored or the visitor starts typing into a form. Only features' `api/` files call it.
 */
let clientPromise: Promise<SupabaseClient> | undefined;
let loaded: SupabaseClient | undefined;
const readyListeners = new Set<(client: SupabaseClient) => void>();

export function loadSupabase(): Promise<SupabaseClient> {
  clientPromise ??= import('./supabase-client.ts').then(({ supabase }) => {
    loaded = supabase;
    for (const listener of readyListeners) listener(supabase);
    return supabase;
  });
  return clientPromise;
}

/** Calls `listener` once the client exists (at once if it already does); returns an unsubscribe. */
export function whenSupabaseLoaded(listener: (client: SupabaseClient) => void): () => void {
  if (loaded) {
    listener(loaded);
    return () => {};
  }
  readyListeners.add(listener);
  return () => readyListeners.delete(listener);
}
