// Test helpers for the functions' Deno tests (imported only by *.test.ts files): a real HTTP server
// on a free loopback port stands in for an upstream (Google, Expo, Supabase), so handlers are
// exercised through their real fetch and supabase-js code paths.

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  /** The body as sent, for binary bodies (encrypted Web Push). */
  bytes: Uint8Array<ArrayBuffer>;
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
        const bytes = new Uint8Array(await req.arrayBuffer());
        const recorded = {
          method: req.method,
          url: new URL(req.url),
          headers: req.headers,
          body: new TextDecoder().decode(bytes),
          bytes,
        };
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

/** A token shaped like a Supabase access token (only its payload is read after Auth checked it). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const b64 = (value: unknown): string =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ role: 'authenticated', ...claims })}.signature`;
}

export const COMPANY_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_COMPANY_ID = '22222222-2222-4222-8222-222222222222';
export const COMPANY_TOKEN = 'company-access-token';
/** The company's token as Auth issues it: its `sub` names the company, so a call can read early. */
export const COMPANY_JWT = fakeJwt({ sub: COMPANY_ID });
export const ANON_TOKEN = 'anon-key-token';
export const SERVICE_ROLE_TOKEN = 'service-role-token';

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

/** A row of web_push_subscriptions; the fake deletes and updates it in place. */
export interface FakeWebPushSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  lastSuccessAt?: string | null;
}

/**
 * Supabase's Auth `/auth/v1/user`, PostgREST's `/rest/v1/employments` with RLS as the migrations
 * define it (the caller sees only its own employments), and `/rest/v1/web_push_subscriptions`,
 * which only the service role key reads and writes (companies see none).
 */
export interface FakeStaff {
  staffId: string;
  companyId: string;
  pushToken: string | null;
  /** staff.notify_new_shifts; absent reads as the column's default, true. */
  notifyNewShifts?: boolean;
  /** staff.locale; absent reads as the column's default, 'en'. */
  locale?: string;
  webPush?: FakeWebPushSubscription[];
  /** The dispatch waves that notified this worker (rows of shift_wave_recipients). */
  waves?: { shiftId: string; wave: number }[];
}

/** A row of shifts, as the service role reads it. */
export interface FakeShift {
  id: string;
  companyId: string;
  acceptedAt?: string | null;
}

/** A row of staff_pushes (a push the database decided), as public.staff_push_deliveries shows it. */
export interface FakeStaffPush {
  id: string;
  batchId: string;
  kind: string;
  staffId: string;
  companyId: string;
  shiftId?: string | null;
  title: string;
  body: string;
  skipReason?: string | null;
}

/** PostgREST's `in.(a,b)` filter values. */
function inList(value: string | null): string[] {
  const match = /^in\.\((.*)\)$/.exec(value ?? '');
  return match?.[1] ? match[1].split(',').map((v) => v.replace(/^"|"$/g, '')) : [];
}

export function fakeSupabase(
  staff: FakeStaff[],
  users: Record<string, string> = { [COMPANY_TOKEN]: COMPANY_ID, [COMPANY_JWT]: COMPANY_ID },
  shifts: FakeShift[] = [],
  pushes: FakeStaffPush[] = [],
): FakeHandler {
  /**
   * A row's staff as PostgREST embeds it, with their subscriptions when the select asks: all of
   * them for the service role, none for a company (RLS shows a worker only their own).
   */
  const embeddedStaff = (s: FakeStaff, select: string | null, isService: boolean) => ({
    ...(select?.includes('push_token')
      ? { push_token: s.pushToken, notify_new_shifts: s.notifyNewShifts ?? true, locale: s.locale ?? 'en' }
      : {}),
    ...(select?.includes('web_push_subscriptions')
      ? {
          web_push_subscriptions: (isService ? (s.webPush ?? []) : []).map((w) => ({
            id: w.id,
            endpoint: w.endpoint,
            p256dh: w.p256dh,
            auth: w.auth,
          })),
        }
      : {}),
  });
  return (req) => {
    const token = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    const userId = users[token];
    const isService = token === SERVICE_ROLE_TOKEN;
    const select = req.url.searchParams.get('select');

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
      // RLS: a company sees its own employments; the service role sees all.
      const visible = staff
        .filter((s) => (isService || s.companyId === userId) && companyFilter === `eq.${s.companyId}`)
        .sort((a, b) => (a.staffId < b.staffId ? -1 : 1))
        .slice(offset, offset + limit)
        .map((s) => ({ staff_id: s.staffId, staff: embeddedStaff(s, select, isService) }));
      return Response.json(visible);
    }
    if (req.url.pathname === '/rest/v1/shift_wave_recipients') {
      // RLS: a company sees its own shifts' recipients; the service role sees all.
      const shiftFilter = req.url.searchParams.get('shift_id');
      const waveFilter = req.url.searchParams.get('wave');
      const offset = Number(req.url.searchParams.get('offset') ?? 0);
      const limit = Number(req.url.searchParams.get('limit') ?? 1000);
      const rows = staff
        .filter((s) => isService || s.companyId === userId)
        .filter((s) =>
          (s.waves ?? []).some(
            (w) => shiftFilter === `eq.${w.shiftId}` && (waveFilter === null || waveFilter === `eq.${w.wave}`),
          ),
        )
        .sort((a, b) => (a.staffId < b.staffId ? -1 : 1))
        .slice(offset, offset + limit)
        .map((s) => ({ staff_id: s.staffId, staff: embeddedStaff(s, select, isService) }));
      return Response.json(rows);
    }
    if (req.url.pathname === '/rest/v1/staff_push_deliveries') {
      // Granted to the service role alone: any other caller is refused, as PostgREST refuses it.
      if (!isService) {
        return Response.json(
          { code: '42501', message: 'permission denied for view staff_push_deliveries' },
          { status: 401 },
        );
      }
      const batchFilter = req.url.searchParams.get('batch_id');
      const offset = Number(req.url.searchParams.get('offset') ?? 0);
      const limit = Number(req.url.searchParams.get('limit') ?? 1000);
      const rows = pushes
        .filter((p) => batchFilter === `eq.${p.batchId}`)
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(offset, offset + limit)
        .map((p) => ({
          id: p.id,
          kind: p.kind,
          staff_id: p.staffId,
          company_id: p.companyId,
          shift_id: p.shiftId ?? null,
          title: p.title,
          body: p.body,
          push_token: staff.find((s) => s.staffId === p.staffId)?.pushToken ?? null,
          skip_reason: p.skipReason ?? null,
        }));
      return Response.json(rows);
    }
    if (req.url.pathname === '/rest/v1/shifts') {
      const visible = shifts.filter(
        (s) =>
          (token === SERVICE_ROLE_TOKEN || s.companyId === userId) && req.url.searchParams.get('id') === `eq.${s.id}`,
      );
      const rows = visible.map((s) => ({ company_id: s.companyId, accepted_at: s.acceptedAt ?? null }));
      return Response.json(rows);
    }
    if (req.url.pathname === '/rest/v1/web_push_subscriptions') {
      const owners = new Map<string, { staffId: string; list: FakeWebPushSubscription[] }>();
      for (const s of staff)
        for (const sub of s.webPush ?? []) owners.set(sub.id, { staffId: s.staffId, list: s.webPush! });
      if (req.method === 'GET') {
        if (!isService) return Response.json([]);
        const staffIds = inList(req.url.searchParams.get('staff_id'));
        const offset = Number(req.url.searchParams.get('offset') ?? 0);
        const limit = Number(req.url.searchParams.get('limit') ?? 1000);
        const rows = [...owners.entries()]
          .filter(([, o]) => staffIds.includes(o.staffId))
          .map(([id, o]) => {
            const sub = o.list.find((x) => x.id === id)!;
            return { id, staff_id: o.staffId, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth };
          })
          .sort((a, b) => (a.id < b.id ? -1 : 1))
          .slice(offset, offset + limit);
        return Response.json(rows);
      }
      const ids = isService ? inList(req.url.searchParams.get('id')) : [];
      if (req.method === 'DELETE') {
        for (const id of ids) {
          const list = owners.get(id)?.list;
          const at = list?.findIndex((x) => x.id === id) ?? -1;
          if (list && at >= 0) list.splice(at, 1);
        }
        return new Response(null, { status: 204 });
      }
      if (req.method === 'PATCH') {
        const patch = JSON.parse(req.body) as { last_success_at?: string };
        for (const id of ids) {
          const sub = owners.get(id)?.list.find((x) => x.id === id);
          if (sub) sub.lastSuccessAt = patch.last_success_at ?? null;
        }
        return new Response(null, { status: 204 });
      }
    }
    return Response.json({ message: 'not found' }, { status: 404 });
  };
}
