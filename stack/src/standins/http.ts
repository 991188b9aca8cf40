/** Small HTTP helpers shared by the stand-ins; the stand-ins have no framework on purpose. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';

const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {}

export async function readBody(req: IncomingMessage): Promise<string> {
  const raw = await readRawBody(req);
  // The Expo server SDK gzips larger batches.
  const encoding = String(req.headers['content-encoding'] ?? '').toLowerCase();
  return (encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
}

/** The body as bytes, as sent (Web Push bodies are encrypted binary). */
export async function readRawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError('request body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    // The pages run no script at all; this keeps it that way even if escaping ever slipped.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(html);
}

export function redirect(res: ServerResponse, status: 302 | 303, location: string): void {
  res.writeHead(status, { Location: location, 'Content-Length': 0, 'Cache-Control': 'no-store' });
  res.end();
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every piece of text that reaches a page goes through this, attribute or content alike. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** A whole page with the stand-ins' shared, script-free look. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1a1f36; }
  main { max-width: 44rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: 8px;
         box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .badge { display: inline-block; font-size: .75rem; background: #ffde92; color: #5c3b00; padding: .1rem .5rem;
           border-radius: 4px; }
  label { display: block; margin-top: .9rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .55rem; font-size: 1rem; border: 1px solid #8792a2;
          border-radius: 4px; }
  button { margin-top: 1.2rem; padding: .7rem 1.4rem; font-size: 1rem; background: #0a5bd3; color: #fff;
           border: 0; border-radius: 4px; cursor: pointer; }
  button.secondary { background: #6b1f1f; }
  [role=alert] { background: #fde8e8; color: #8a1010; padding: .6rem .8rem; border-radius: 4px; margin: 1rem 0; }
  [role=status] { background: #e6f4ea; color: #14532d; padding: .6rem .8rem; border-radius: 4px; margin: 1rem 0; }
  table { border-collapse: collapse; width: 100%; font-size: .85rem; }
  th, td { text-align: left; border-bottom: 1px solid #e3e8ee; padding: .3rem .4rem; vertical-align: top; }
  code, pre { font-size: .8rem; white-space: pre-wrap; word-break: break-all; }
  .row { display: flex; gap: 1rem; } .row > div { flex: 1; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** Stripe-like random ids: prefix plus 24 base62 characters. */
export function randomId(prefix: string, length = 24): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${prefix}${out}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
