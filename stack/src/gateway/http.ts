/** Small HTTP helpers shared by every service of the gateway, and its one error type. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Headers = Record<string, string | string[]>;

/** The gateway's one error type: each service throws it with the exact body its upstream would send. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Headers = {},
  ) {
    super(typeof body === 'object' && body && 'message' in body ? String(body.message) : `HTTP ${status}`);
  }
}

export const CORS_ALLOW_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'range-unit',
  'x-supabase-api-version',
  'x-retry-count',
  'traceparent',
  'tracestate',
  'baggage',
  'x-region',
].join(', ');

export const CORS_EXPOSE_HEADERS = [
  'Content-Range',
  'Range-Unit',
  'Location',
  'X-Total-Count',
  'Link',
  'X-Supabase-Api-Version',
  'Preference-Applied',
  'Content-Location',
].join(', ');

export function corsHeaders(req: IncomingMessage): Headers {
  return {
    'Access-Control-Allow-Origin': req.headers.origin ?? '*',
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': CORS_EXPOSE_HEADERS,
    Vary: 'Origin',
  };
}

export function preflightHeaders(req: IncomingMessage): Headers {
  return {
    ...corsHeaders(req),
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? CORS_ALLOW_HEADERS,
    'Access-Control-Max-Age': '3600',
  };
}

export function send(res: ServerResponse, status: number, body: string | Buffer | null, headers: Headers = {}): void {
  if (res.headersSent) return;
  const merged: Headers = { ...headers };
  if (body !== null && body !== '' && !hasHeader(merged, 'content-type')) {
    merged['Content-Type'] = 'application/json; charset=utf-8';
  }
  for (const [name, value] of Object.entries(merged)) res.setHeader(name, value);
  res.statusCode = status;
  res.end(body ?? undefined);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Headers = {}): void {
  send(res, status, JSON.stringify(value), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}

function hasHeader(headers: Headers, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name);
}

const MAX_BODY = 10 * 1024 * 1024;

export function readBody(req: IncomingMessage, limit = MAX_BODY): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpError(413, { message: 'Request body too large' }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Lower-cased single-valued view of the request headers (PostgREST's `request.headers`). */
export function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/**
 * The headers PostgREST sees behind Supabase's gateway: flatHeaders plus the caller's socket address
 * appended to x-forwarded-for, as Kong does. Its first entry is then the client as the proxies saw
 * it; a client may put its own entry first, so the database treats it as a best-effort address
 * (the join limit in private.request_client_ip), never as proof.
 */
export function proxiedHeaders(req: IncomingMessage, ip: string): Record<string, string> {
  const headers = flatHeaders(req);
  const forwarded = headers['x-forwarded-for']?.trim();
  headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${ip}` : ip;
  return headers;
}

export function bearerToken(req: IncomingMessage): string | null {
  const value = req.headers.authorization;
  if (!value) return null;
  const match = /^bearer\s+(.+)$/i.exec(value.trim());
  return match?.[1]?.trim() ?? null;
}

export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? '127.0.0.1';
}
