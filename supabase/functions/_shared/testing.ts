// Test helpers for the functions' Deno tests (imported only by *.test.ts files): a real HTTP server
// on a free loopback port stands in for an upstream (Google, Expo, Supabase), so handlers are
// exercised through their real fetch and supabase-js code paths.

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type FakeHandler = (req: RecordedRequest) => Response | Promise<Response>;

export function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  return new Promise((resolve) => {
    const server = Deno.serve(
      {
        port: 0,
        hostname: '127.0.0.1',
        onListen: ({ port }) =>
          resolve({
            url: `http://127.0.0.1:${port}`,
            requests,
            close: async () => {
              await server.shutdown();
            },
          }),
      },
      async (req) => {
        const recorded = { method: req.method, url: new URL(req.url), headers: req.headers, body: await req.text() };
        requests.push(recorded);
        return await handler(recorded);
      },
    );
  });
}

/** The URL of a port nothing listens on any more: connections to it are refused. */
export async function closedServerUrl(): Promise<string> {
  const server = await startFakeServer(() => new Response('unused'));
  await server.close();
  return server.url;
}

export const COMPANY_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_COMPANY_ID = '22222222-2222-4222-8222-222222222222';
export const COMPANY_TOKEN = 'company-access-token';
export const ANON_TOKEN = 'anon-key-token';

/** A request to a handler as the dashboard's supabase-js `functions.invoke` sends it. */
export function invokeRequest(
  body: unknown,
  options: { token?: string | null; method?: string; rawBody?: string } = {},
): Request {
  const headers = new Headers({ 'Content-Type': 'application/json', apikey: ANON_TOKEN });
  const token = options.token === undefined ? COMPANY_TOKEN : options.token;
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  const method = options.method ?? 'POST';
  return new Request('http://127.0.0.1/functions/v1/test', {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : (options.rawBody ?? JSON.stringify(body)),
  });
}

/**
 * Supabase's Auth `/auth/v1/user` and PostgREST's `/rest/v1/employments` with RLS as the
 * migrations define it: the caller sees only its own employments.
 */
export interface FakeStaff {
  staffId: string;
  companyId: string;
  pushToken: string | null;
}

export function fakeSupabase(
  staff: FakeStaff[],
  users: Record<string, string> = { [COMPANY_TOKEN]: COMPANY_ID },
): FakeHandler {
  return (req) => {
    const token = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    const userId = users[token];
    if (req.url.pathname === '/auth/v1/user') {
      if (!userId) {
        return Response.json(
          { code: 403, error_code: 'bad_jwt', msg: 'invalid claim: missing sub claim' },
          { status: 403 },
        );
      }
      return Response.json({ id: userId, aud: 'authenticated', role: 'authenticated', email: 'c@example.com' });
    }
    if (req.url.pathname === '/rest/v1/employments') {
      const companyFilter = req.url.searchParams.get('company_id');
      const offset = Number(req.url.searchParams.get('offset') ?? 0);
      const limit = Number(req.url.searchParams.get('limit') ?? 1000);
      const visible = staff
        .filter((s) => s.companyId === userId && companyFilter === `eq.${s.companyId}`)
        .sort((a, b) => (a.staffId < b.staffId ? -1 : 1))
        .slice(offset, offset + limit)
        .map((s) => ({ staff_id: s.staffId, staff: { push_token: s.pushToken } }));
      return Response.json(visible);
    }
    return Response.json({ message: 'not found' }, { status: 404 });
  };
}
