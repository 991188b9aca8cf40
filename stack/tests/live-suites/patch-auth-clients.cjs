// auth-js's test clients sign their keys with an RS256 pair from test/supabase/signing_keys.json,
// which the Supabase CLI generates for the suite's own `supabase start`. The local stack uses the
// standard local HS256 keys that `supabase start` prints by default: this sets the anon and
// service-role keys to those, signs the admin JWT (role supabase_admin) with the standard secret,
// and leaves the rest of the file as it is.
const fs = require('node:fs');

const file = process.argv[2];
let text = fs.readFileSync(file, 'utf8');
const start = text.indexOf('// Load RSA private key');
const end = text.indexOf('export const authClient ');
if (start < 0 || end < 0) throw new Error(`unexpected layout of ${file}: update patch-auth-clients.cjs`);
const replacement = `// Patched for the local stack: the standard local keys (stack/tests/live-suites).
export const SUPABASE_PUBLISHABLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const SUPABASE_SECRET_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
const AUTH_ADMIN_JWT = jwt.sign({ sub: '1234567890', role: 'supabase_admin' }, GOTRUE_JWT_SECRET, {
  expiresIn: '1h',
})

`;
text = text.slice(0, start) + replacement + text.slice(end);
fs.writeFileSync(file, text);
