// Test environment of the live suites.
//
// Hosted Supabase's gateway, and this stack's, answer "No API key found in request" to a request
// without an `apikey`; `supabase start`'s Kong lets postgrest-js' bare PostgrestClient through.
// So requests to the second stack that carry no key get the standard local anon key, as a
// supabase-js client would add it; requests that name a key keep theirs.
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const api = `http://127.0.0.1:${process.env.STACK_API_PORT ?? '58321'}/`;
const original = globalThis.fetch;

globalThis.fetch = (input, init = {}) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith(api)) return original(input, init);
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
  if (!headers.has('apikey')) headers.set('apikey', ANON_KEY);
  return original(input, { ...init, headers });
};

// supabase-js wants Node 22's global WebSocket; this machine has Node 20, so `ws` (the transport
// the suites themselves fall back to) stands in for it.
if (typeof globalThis.WebSocket === 'undefined') globalThis.WebSocket = require('ws');
