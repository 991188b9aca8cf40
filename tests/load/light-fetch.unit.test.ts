import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lightFetch } from './light-fetch.ts';

let server: http.Server;
let base: string;
const connections: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2_000);
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Content-Range', '0-1/2');
      res.statusCode = req.url === '/missing' ? 404 : 200;
      res.end(
        JSON.stringify({
          method: req.method,
          apikey: req.headers.apikey ?? null,
          authorization: req.headers.authorization ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
          from: req.socket.remoteAddress,
        }),
      );
    });
  });
  server.on('connection', (socket) => connections.push(socket.remoteAddress ?? ''));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('lightFetch', () => {
  it('sends method, headers (object or Headers) and body, and answers what supabase-js reads', async () => {
    const fetch = lightFetch('127.1.0.7');
    const headers = new Headers({ apikey: 'anon' });
    headers.set('Authorization', 'Bearer token');
    const res = await fetch(`${base}/rpc`, { method: 'POST', headers, body: '{"p_limit":5}' });
    expect(res.ok).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-1/2');
    expect(res.headers.get('Content-Type')).toBe('application/json');
    expect(await res.json()).toEqual({
      method: 'POST',
      apikey: 'anon',
      authorization: 'Bearer token',
      body: '{"p_limit":5}',
      from: '127.1.0.7',
    });
    await expect(res.text()).rejects.toThrow('already been read');

    const missing = await fetch(new URL(`${base}/missing`), { headers: { apikey: 'anon' } });
    expect(missing.ok).toBe(false);
    expect(missing.status).toBe(404);
    expect(JSON.parse(await missing.text())).toMatchObject({ method: 'GET', body: '' });
  });

  it('keeps its connection for the next request', async () => {
    const fetch = lightFetch('127.1.0.8');
    const before = connections.filter((a) => a === '127.1.0.8').length;
    for (let i = 0; i < 5; i++) await (await fetch(`${base}/again`)).text();
    expect(connections.filter((a) => a === '127.1.0.8').length - before).toBe(1);
  });

  it('rejects when its signal aborts, before or during the request', async () => {
    const fetch = lightFetch();
    await expect(fetch(`${base}/slow`, { signal: AbortSignal.abort(new Error('gone')) })).rejects.toThrow('gone');
    const controller = new AbortController();
    const pending = fetch(`${base}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('timed out')), 50);
    await expect(pending).rejects.toThrow('timed out');
  });
});
