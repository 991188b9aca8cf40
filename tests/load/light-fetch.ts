/**
 * The soak's fetch for supabase-js: node:http with kept-alive sockets, from a client's own loopback
 * address, answering a small Response-like object. Node's fetch (undici, with its web streams,
 * Request and Headers objects) cost the load generator about half of its CPU: on a two-core
 * machine that is CPU taken from the server being measured, and an event loop so busy that its own
 * queue showed up in every latency it measured. Real clients run on their own devices.
 *
 * What supabase-js reads of a response is here: ok, status, statusText, headers.get, text, json,
 * arrayBuffer, blob. Bodies are sent as strings or bytes (all supabase-js sends); the whole answer
 * is read before the promise resolves, so no stream is ever exposed.
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

class LightHeaders {
  private readonly map = new Map<string, string>();

  constructor(raw: http.IncomingHttpHeaders) {
    for (const [name, value] of Object.entries(raw)) {
      if (value !== undefined) this.map.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
  }

  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }

  forEach(callback: (value: string, name: string) => void): void {
    for (const [name, value] of this.map) callback(value, name);
  }

  entries(): IterableIterator<[string, string]> {
    return this.map.entries();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.map.entries();
  }
}

class LightResponse {
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = 'basic';
  bodyUsed = false;

  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly headers: LightHeaders,
    private readonly body: Buffer,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  private use(): Buffer {
    if (this.bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
    this.bodyUsed = true;
    return this.body;
  }

  text(): Promise<string> {
    try {
      return Promise.resolve(this.use().toString('utf8'));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    try {
      const bytes = this.use();
      return Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }

  clone(): LightResponse {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    return new LightResponse(this.url, this.status, this.statusText, this.headers, this.body);
  }
}

function headersOf(init: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!init) return out;
  if (init instanceof Headers || Array.isArray(init)) {
    for (const [name, value] of init as Iterable<[string, string]>) out[name] = value;
  } else {
    for (const [name, value] of Object.entries(init)) out[name] = value;
  }
  return out;
}

function bodyOf(body: BodyInit | null | undefined): string | Uint8Array | undefined {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError(`light fetch: unsupported body ${Object.prototype.toString.call(body)}`);
}

/** A fetch over kept-alive node:http sockets; requests leave from `localAddress` when given. */
export function lightFetch(localAddress?: string): typeof fetch {
  return ((input: RequestInfo | URL, init: RequestInit = {}) => {
    if (input instanceof Request) throw new TypeError('light fetch: pass a URL and init, not a Request');
    const url = typeof input === 'string' ? input : input.href;
    const signal = init.signal;
    return new Promise<LightResponse>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const outgoing = http.request(
        url,
        { method: init.method ?? 'GET', headers: headersOf(init.headers), agent, localAddress },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(
              new LightResponse(
                url,
                res.statusCode ?? 500,
                res.statusMessage ?? '',
                new LightHeaders(res.headers),
                chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks),
              ),
            );
          });
        },
      );
      const onAbort = (): void => {
        outgoing.destroy(signal?.reason as Error);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      outgoing.on('error', (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      });
      outgoing.end(bodyOf(init.body));
    });
  }) as unknown as typeof fetch;
}
