/**
 * The dashboard's HTTP response headers in production, built from the Supabase project's URL. One
 * function feeds the preview server (vite.config.ts), the `_headers` file the build writes next to
 * `index.html`, and docs/deployment.md (`npm run headers`), so every host serves the same policy.
 */

/** The CSP's directives in order; `securityHeaders` joins them into one header value. */
export function cspDirectives(supabaseUrl: string): [string, string[]][] {
  const api = new URL(supabaseUrl);
  // Realtime is a websocket on the same host: ws:// for a local http stack, wss:// in production.
  const realtime = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`;
  return [
    ['default-src', ["'self'"]],
    // Only the bundle's own files: no inline script, no eval (index.html has no inline script).
    ['script-src', ["'self'"]],
    // Mantine injects <style> elements at run time (the theme's CSS variables, responsive style
    // props) whose text depends on the theme and the viewport, so neither a hash nor a per-response
    // nonce (impossible on a static host) can cover them: style elements need 'unsafe-inline'.
    // Style text cannot run script, and React renders user text as text, so a visitor's data never
    // reaches one. Style attributes stay blocked (style-src-attr falls back to style-src): React
    // sets inline styles through the CSSOM, which CSP does not govern, so markup is never needed.
    ['style-src', ["'self'"]],
    ['style-src-elem', ["'self'", "'unsafe-inline'"]],
    // data: for the chevron SVG that @mantine/dates' stylesheet embeds in the date picker.
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", api.origin, realtime]],
    // The timesheet CSV is saved through a blob: URL: a download, not a fetch or a frame.
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    // Stripe Checkout and the billing portal are reached by navigation (location.assign), not a form.
    ['form-action', ["'self'"]],
  ];
}

export function contentSecurityPolicy(supabaseUrl: string): string {
  return cspDirectives(supabaseUrl)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Which front end the headers are for: the staff app asks for the worker's position to clock in. */
export type FrontEnd = 'dashboard' | 'staff';

/** Every security header of every response (the SPA's HTML and its assets alike). */
export function securityHeaders(supabaseUrl: string, frontEnd: FrontEnd = 'dashboard'): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(supabaseUrl),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // For browsers without CSP frame-ancestors.
    'X-Frame-Options': 'DENY',
    // The dashboard uses none of these; clipboard-write stays allowed for Copy ShiftID (own origin).
    // The staff app checks a clock-in's position, from its own pages only.
    'Permissions-Policy': `camera=(), microphone=(), geolocation=${frontEnd === 'staff' ? '(self)' : '()'}, payment=(), usb=()`,
  };
}

/** Netlify's and Cloudflare Pages' `_headers` file: the headers for every path. */
export function headersFile(supabaseUrl: string, frontEnd: FrontEnd = 'dashboard'): string {
  const lines = Object.entries(securityHeaders(supabaseUrl, frontEnd)).map(([name, value]) => `  ${name}: ${value}`);
  return ['/*', ...lines, ''].join('\n');
}

/** Reads back a `_headers` file written by `headersFile` (one `/*` block of `Name: value` lines). */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s+([\w-]+):\s*(.+)$/.exec(line);
    if (match) headers[match[1]!] = match[2]!;
  }
  return headers;
}

/** Vercel's `vercel.json` `headers` entry. */
export function vercelHeaders(supabaseUrl: string, frontEnd: FrontEnd = 'dashboard'): unknown {
  return {
    headers: [
      {
        source: '/(.*)',
        headers: Object.entries(securityHeaders(supabaseUrl, frontEnd)).map(([key, value]) => ({ key, value })),
      },
    ],
  };
}

/** nginx `add_header` lines (`always`, so error pages carry them too). */
export function nginxHeaders(supabaseUrl: string, frontEnd: FrontEnd = 'dashboard'): string {
  return Object.entries(securityHeaders(supabaseUrl, frontEnd))
    .map(([name, value]) => `add_header ${name} "${value}" always;`)
    .join('\n');
}
