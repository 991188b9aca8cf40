/**
 * Scheduled work as hosted Supabase runs it: the real pg_cron runs jobs on their schedule, and
 * pg_net's SQL contract (net.http_post → net.http_request_queue → net._http_response) is honoured
 * by the stack's worker, which performs each request. Vault holds what a job calls functions with.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superuser } from '../../tests/support/clients.ts';
import { API_URL, SERVICE_ROLE_KEY } from '../../tests/support/stack-env.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let db: pg.Client;
let server: Server;
let baseUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  db = await superuser();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/slow')) return; // never answers
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Probe': 'yes' });
      res.end(JSON.stringify({ echoed: body ? (JSON.parse(body) as unknown) : null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.end();
});

interface ResponseRow {
  id: string;
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

async function responseOf(id: string): Promise<ResponseRow> {
  let row: ResponseRow | undefined;
  await expect
    .poll(
      async () => {
        const res = await db.query<ResponseRow>('select * from net._http_response where id = $1', [id]);
        row = res.rows[0];
        return row !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return row!;
}

describe('pg_net (the stack honours its SQL contract)', () => {
  it('performs a queued net.http_post and records the answer in net._http_response', async () => {
    const { rows } = await db.query<{ id: string }>(
      `select net.http_post(
         url := $1,
         body := '{"shift": "é 1"}'::jsonb,
         params := '{"wave": "2", "a b": "c&d"}'::jsonb,
         headers := '{"Authorization": "Bearer probe"}'::jsonb,
         timeout_milliseconds := 5000
       )::text as id`,
      [`${baseUrl}/hook`],
    );
    const id = rows[0]!.id;
    const response = await responseOf(id);

    expect(response.status_code).toBe(201);
    expect(response.content_type).toBe('application/json');
    expect(response.headers?.['x-probe']).toBe('yes');
    expect(JSON.parse(response.content ?? 'null')).toEqual({ echoed: { shift: 'é 1' } });
    expect(response.timed_out).toBe(false);
    expect(response.error_msg).toBeNull();

    const request = received.find((r) => r.url.startsWith('/hook'));
    expect(request?.method).toBe('POST');
    // pg_net url-encodes params as curl does and adds the JSON content type it requires.
    expect(request?.url).toMatch(/^\/hook\?(wave=2&a%20b=c%26d|a%20b=c%26d&wave=2)$/);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer probe');

    const queued = await db.query('select 1 from net.http_request_queue where id = $1', [id]);
    expect(queued.rowCount, 'a performed request leaves the queue').toBe(0);
    const collected = await db.query<{ status: string; code: number }>(
      'select (r).status::text as status, ((r).response).status_code as code from net._http_collect_response($1::bigint) r',
      [id],
    );
    expect(collected.rows[0]).toEqual({ status: 'SUCCESS', code: 201 });
  });

  it('records a request with no answer as timed out, and an unreachable server as an error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const { rows } = await db.query<{ slow: string; refused: string }>(
      `select net.http_post(url := $1, timeout_milliseconds := 300)::text as slow,
              net.http_get(url := $2)::text as refused`,
      [`${baseUrl}/slow`, `http://127.0.0.1:${closedPort}/nobody`],
    );
    const slow = await responseOf(rows[0]!.slow);
    expect(slow).toMatchObject({ status_code: null, timed_out: true });
    expect(slow.error_msg).toMatch(/^Timeout of 300 ms reached/);
    const refused = await responseOf(rows[0]!.refused);
    expect(refused).toMatchObject({ status_code: null, timed_out: false, error_msg: "Couldn't connect to server" });
  });

  it('never sends a request whose transaction rolled back', async () => {
    const marker = randomUUID();
    await db.query('begin');
    await db.query('select net.http_post(url := $1)', [`${baseUrl}/rolled-back/${marker}`]);
    await db.query('rollback');
    // A request queued after it is sent once the worker wakes; the rolled-back one never is.
    const { rows } = await db.query<{ id: string }>('select net.http_post(url := $1)::text as id', [
      `${baseUrl}/after/${marker}`,
    ]);
    await responseOf(rows[0]!.id);
    expect(received.some((r) => r.url === `/rolled-back/${marker}`)).toBe(false);
  });

  it('keeps in Vault the URL and key a job calls this instance’s functions with', async () => {
    const { rows } = await db.query<{ name: string; decrypted_secret: string }>(
      `select name, decrypted_secret from vault.decrypted_secrets
       where name in ('project_url', 'service_role_key') order by name`,
    );
    expect(rows).toEqual([
      { name: 'project_url', decrypted_secret: API_URL },
      { name: 'service_role_key', decrypted_secret: SERVICE_ROLE_KEY },
    ]);
  });
});

describe('pg_cron (the real extension)', () => {
  // pg_cron 1.4 (Debian's) schedules to the minute, so this waits for the next minute to start.
  it('runs a scheduled job on its schedule and logs the run', { timeout: 90_000 }, async () => {
    const schema = `cron_probe_${randomUUID().slice(0, 8)}`;
    const job = `stack-test-${schema}`;
    await db.query(`create schema ${schema}; create table ${schema}.ticks (at timestamptz not null default now())`);
    try {
      const { rows } = await db.query<{ jobid: string }>(`select cron.schedule($1, '* * * * *', $2)::text as jobid`, [
        job,
        `insert into ${schema}.ticks default values`,
      ]);
      const jobid = rows[0]!.jobid;
      await expect
        .poll(
          async () =>
            (
              await db.query<{ status: string }>(
                'select status from cron.job_run_details where jobid = $1 order by start_time desc limit 1',
                [jobid],
              )
            ).rows[0]?.status,
          { timeout: 80_000, interval: 500 },
        )
        .toBe('succeeded');
      const ticks = await db.query<{ at: Date }>(`select at from ${schema}.ticks`);
      expect(ticks.rowCount).toBeGreaterThanOrEqual(1);
      // pg_cron starts a job on the minute.
      expect(ticks.rows[0]!.at.getUTCSeconds()).toBeLessThan(10);
    } finally {
      await db.query('select cron.unschedule(jobname) from cron.job where jobname = $1', [job]);
      await db.query(`drop schema ${schema} cascade`);
    }
  });
});
