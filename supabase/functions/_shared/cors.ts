// CORS headers for every function response. They come from supabase-js itself, so they follow the
// headers its clients send (authorization, apikey, x-client-info, content-type, tracing headers).
import { corsHeaders } from 'npm:@supabase/supabase-js@2.119.0/cors';

export { corsHeaders };

/** The answer to a browser's preflight, or null when the request is not one. */
export function handlePreflight(req: Request): Response | null {
  return req.method === 'OPTIONS' ? new Response('ok', { headers: corsHeaders }) : null;
}
