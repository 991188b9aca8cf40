/**
 * pg_net's background worker, for the SQL-only stand-in the stack installs (stack/src/postgres/pg_net):
 * it takes queued requests from `net.http_request_queue` in id order (deleting them, as pg_net
 * does), performs them, and writes one `net._http_response` row per request: status, headers,
 * content type and body, or `timed_out` and `error_msg` when no answer came. Responses older than
 * pg_net's default TTL (6 hours) are deleted. It wakes on `net.wake()`'s NOTIFY, which arrives when
 * the transaction that queued the request commits, and also polls, so a request queued while it
 * was away (a restart) is still sent.
 */
import pg from 'pg';

export const WORKER_APPLICATION_NAME = 'pg_net worker';
/** pg_net's defaults: `pg_net.batch_size` and `pg_net.ttl`. */
export const BATCH_SIZE = 200;
export const TTL = '6 hours';

export interface NetWorkerOptions {
  connectionString: string;
  fetch?: typeof fetch;
  batchSize?: number;
  ttl?: string;
  /** Fallback poll, for requests queued while the worker was not listening. */
  pollMs?: number;
}

export interface NetWorker {
  /** Resolves once every request queued so far has a response (tests and shutdown). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  timeout_milliseconds: number;
  headers: Record<string, unknown> | null;
  body: Buffer | null;
}

interface ResponseRow {
  id: string;
  status_code: number | null;
  content: string | null;
  headers: Record<string, string> | null;
  content_type: string | null;
  timed_out: boolean;
  error_msg: string | null;
}

/** curl's wording for the failures pg_net records in `error_msg`. */
function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return "Couldn't connect to server";
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return "Couldn't resolve host name";
    case 'ECONNRESET':
      return 'Failure when receiving data from the peer';
    default:
      return cause?.message ?? (error instanceof Error ? error.message : String(error));
  }
}

export async function perform(request: QueuedRequest, fetchImpl: typeof fetch): Promise<ResponseRow> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, String(value));
  try {
    const res = await fetchImpl(request.url, {
      method: request.method.toUpperCase(),
      headers,
      body: request.body && request.method.toUpperCase() !== 'GET' ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(request.timeout_milliseconds),
      redirect: 'manual',
    });
    const content = await res.text();
    return {
      id: request.id,
      status_code: res.status,
      // pg_net leaves content null for an empty body.
      content: content === '' ? null : content,
      headers: Object.fromEntries(res.headers),
      content_type: res.headers.get('content-type'),
      timed_out: false,
      error_msg: null,
    };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      id: request.id,
      status_code: null,
      content: null,
      headers: null,
      content_type: null,
      timed_out: timedOut,
      error_msg: timedOut ? `Timeout of ${request.timeout_milliseconds} ms reached` : describeFailure(error),
    };
  }
}

/** True for "the pg_net extension is not created in this database (yet)". */
const isMissingQueue = (error: unknown): boolean =>
  ['42P01', '3F000'].includes((error as { code?: string }).code ?? '');

export async function startNetWorker(options: NetWorkerOptions): Promise<NetWorker> {
  const fetchImpl = options.fetch ?? fetch;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const ttl = options.ttl ?? TTL;
  let client: pg.Client | null = null;
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let reconnectTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: WORKER_APPLICATION_NAME,
    });
    next.on('error', () => {
      // The server went away (stopped, restarted): connect again shortly; queued rows wait in the table.
      if (client === next) client = null;
      scheduleReconnect();
    });
    next.on('notification', () => kick());
    await next.connect();
    await next.query('listen pg_net_wake');
    client = next;
  };

  const scheduleReconnect = (): void => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect()
        .then(() => kick())
        .catch(() => scheduleReconnect());
    }, 1000);
  };

  const drainOnce = async (db: pg.Client): Promise<number> => {
    await db.query('delete from net._http_response where created < now() - $1::interval', [ttl]);
    const { rows } = await db.query<QueuedRequest>(
      `with rows as (
         select id from net.http_request_queue order by id limit $1 for update skip locked
       )
       delete from net.http_request_queue q using rows where q.id = rows.id
       returning q.id::text as id, q.method, q.url, q.timeout_milliseconds, q.headers, q.body`,
      [batchSize],
    );
    if (rows.length === 0) return 0;
    const responses = await Promise.all(rows.map((r) => perform(r, fetchImpl)));
    await db.query(
      `insert into net._http_response (id, status_code, content, headers, content_type, timed_out, error_msg)
       select r.id, r.status_code, r.content, r.headers, r.content_type, r.timed_out, r.error_msg
       from jsonb_to_recordset($1::jsonb) as r(id bigint, status_code integer, content text, headers jsonb,
                                              content_type text, timed_out boolean, error_msg text)`,
      [JSON.stringify(responses)],
    );
    return rows.length;
  };

  const run = async (): Promise<void> => {
    do {
      again = false;
      const db = client;
      if (!db) return;
      try {
        while ((await drainOnce(db)) === batchSize) {
          // a full batch: there may be more
        }
      } catch (error) {
        if (!isMissingQueue(error) && !closed) console.error('pg_net worker: draining the queue failed', error);
      }
    } while (again && !closed);
  };

  const kick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = null;
    });
    return running;
  };

  try {
    await connect();
  } catch {
    scheduleReconnect();
  }
  const poll = setInterval(() => void kick(), options.pollMs ?? 1000);
  void kick();

  return {
    async drain() {
      await kick();
      while (running) await running;
    },
    async close() {
      closed = true;
      clearInterval(poll);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await running?.catch(() => undefined);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
