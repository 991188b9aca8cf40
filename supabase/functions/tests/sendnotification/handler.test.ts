import assert from 'node:assert/strict';
import type { Env } from '../../_shared/env.ts';
import { userClientFactory } from '../../_shared/supabase.ts';
import {
  ANON_TOKEN,
  closedServerUrl,
  COMPANY_ID,
  fakeSupabase,
  type FakeHandler,
  type FakeServer,
  type FakeShift,
  type FakeStaff,
  type FakeStaffPush,
  invokeRequest,
  OTHER_COMPANY_ID,
  type RecordedRequest,
  SERVICE_ROLE_TOKEN,
  startFakeServer,
} from '../_shared/testing.ts';
import {
  BODY,
  createSendNotificationHandler,
  LATER_WAVE_BODY,
  NEW_SHIFT_TEXTS,
  type SendNotificationAnswer,
  TITLE,
} from '../../sendnotification/handler.ts';

const staffId = (i: number): string => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const token = (i: number): string => `ExponentPushToken[device-${i}]`;

function employ(count: number, companyId = COMPANY_ID, offset = 0): FakeStaff[] {
  return Array.from({ length: count }, (_, i) => ({
    staffId: staffId(offset + i),
    companyId,
    pushToken: token(offset + i),
  }));
}

interface ExpoMessage {
  to: string;
  title: string;
  body: string;
  data: { companyId: string; shiftId?: string; kind?: string };
  sound: string;
}

/** Expo's push endpoint: a ticket per message; tokens listed in `unregistered` get Expo's error. */
function fakeExpo(unregistered: string[] = []): FakeHandler {
  return (req) => {
    const messages = JSON.parse(req.body) as ExpoMessage[];
    if (messages.length > 100) {
      return Response.json(
        {
          errors: [
            {
              code: 'PUSH_TOO_MANY_NOTIFICATIONS',
              message: 'You are trying to send more than 100 push notifications in one request.',
            },
          ],
        },
        { status: 400 },
      );
    }
    return Response.json({
      data: messages.map((m, i) =>
        unregistered.includes(m.to)
          ? {
              status: 'error',
              message: `"${m.to}" is not a registered push notification recipient`,
              details: { error: 'DeviceNotRegistered' },
            }
          : { status: 'ok', id: `ticket-${m.to}-${i}` },
      ),
    });
  };
}

interface Harness {
  handler: (req: Request) => Promise<Response>;
  expo: FakeServer;
  supabase: FakeServer;
  close(): Promise<void>;
}

async function harness(
  staff: FakeStaff[],
  expo: FakeHandler = fakeExpo(),
  options: { expoUrl?: string; env?: Record<string, string>; shifts?: FakeShift[]; pushes?: FakeStaffPush[] } = {},
): Promise<Harness> {
  const expoServer = await startFakeServer(expo);
  const supabase = await startFakeServer(fakeSupabase(staff, undefined, options.shifts, options.pushes));
  const env: Env = {
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: ANON_TOKEN,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_TOKEN,
    EXPO_PUSH_URL: options.expoUrl ?? `${expoServer.url}/--/api/v2/push/send`,
    ...options.env,
  };
  const handler = createSendNotificationHandler({
    env,
    fetch,
    createUserClient: userClientFactory(env),
    retryDelayMs: 10,
    timeoutMs: 2000,
  });
  return {
    handler,
    expo: expoServer,
    supabase,
    close: async () => {
      await expoServer.close();
      await supabase.close();
    },
  };
}

const pushed = (requests: RecordedRequest[]): ExpoMessage[] =>
  requests.flatMap((r) => JSON.parse(r.body) as ExpoMessage[]);

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

Deno.test('sendnotification: pushes to every employed staff member with a token, and skips the rest', async () => {
  const staff = [
    ...employ(3),
    { staffId: staffId(90), companyId: COMPANY_ID, pushToken: null },
    { staffId: staffId(91), companyId: COMPANY_ID, pushToken: '   ' },
    ...employ(2, OTHER_COMPANY_ID, 50),
  ];
  const h = await harness(staff);
  try {
    const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.equal(res.status, 200);
    const answer = (await res.json()) as SendNotificationAnswer;
    assert.equal(answer.sent, 3);
    assert.equal(answer.failed, 0);
    assert.equal(answer.skipped, 2);
    assert.deepEqual(
      answer.results.filter((r) => r.status === 'ok').map((r) => r.staffId),
      [staffId(0), staffId(1), staffId(2)],
    );
    assert.deepEqual(
      answer.results.filter((r) => r.status === 'skipped').map((r) => r.staffId),
      [staffId(90), staffId(91)],
    );

    assert.equal(h.expo.requests.length, 1);
    const request = h.expo.requests[0]!;
    assert.equal(request.method, 'POST');
    assert.equal(request.url.pathname, '/--/api/v2/push/send');
    assert.equal(request.headers.get('content-type'), 'application/json');
    assert.equal(request.headers.get('authorization'), null, 'no Expo access token is configured');
    assert.deepEqual(
      pushed(h.expo.requests),
      [0, 1, 2].map((i) => ({
        to: token(i),
        title: TITLE,
        body: BODY,
        data: { companyId: COMPANY_ID },
        sound: 'default',
      })),
    );
    assert.equal(TITLE, 'New shift available');
    assert.equal(BODY, 'Your employer just posted a new shift. View in home page');

    // The staff were read as the caller (RLS), never with a service key.
    const read = h.supabase.requests.find((r) => r.url.pathname === '/rest/v1/employments')!;
    assert.equal(read.headers.get('authorization'), 'Bearer company-access-token');
  } finally {
    await h.close();
  }
});

Deno.test('sendnotification: a post reaching workers of both languages pushes each in their own', async () => {
  const staff = [
    { ...employ(1)[0]!, locale: 'fr-CA' },
    ...employ(1, COMPANY_ID, 1),
    { ...employ(1, COMPANY_ID, 2)[0]!, locale: 'fr-CA' },
  ];
  const h = await harness(staff);
  try {
    const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.equal(res.status, 200);
    assert.deepEqual(
      pushed(h.expo.requests).map((m) => [m.to, m.title, m.body]),
      [
        [
          token(0),
          'Nouveau quart disponible',
          'Votre employeur vient de publier un nouveau quart. Consultez la page d’accueil',
        ],
        [token(1), TITLE, BODY],
        [
          token(2),
          'Nouveau quart disponible',
          'Votre employeur vient de publier un nouveau quart. Consultez la page d’accueil',
        ],
      ],
    );
    const read = h.supabase.requests.find((r) => r.url.pathname === '/rest/v1/employments')!;
    assert.match(read.url.searchParams.get('select') ?? '', /locale/);
  } finally {
    await h.close();
  }
});

Deno.test("sendnotification: a later wave is in each worker's language too", async () => {
  const staff = dispatched().map((s, i) => (i === 2 ? { ...s, locale: 'fr-CA' } : s));
  const h = await harness(staff, fakeExpo(), { shifts: [{ id: SHIFT_ID, companyId: COMPANY_ID }] });
  try {
    const res = await h.handler(invokeRequest({ shiftID: SHIFT_ID, wave: 2 }, { token: SERVICE_ROLE_TOKEN }));
    assert.equal(res.status, 200);
    assert.deepEqual(
      pushed(h.expo.requests).map((m) => [m.to, m.title, m.body]),
      [
        [token(2), NEW_SHIFT_TEXTS['fr-CA'].title, NEW_SHIFT_TEXTS['fr-CA'].laterWaveBody],
        [token(3), TITLE, LATER_WAVE_BODY],
      ],
    );
  } finally {
    await h.close();
  }
});

Deno.test('sendnotification: one failing device among several is reported, the others are sent', async () => {
  const h = await harness(employ(4), fakeExpo([token(2)]));
  try {
    const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.equal(res.status, 200);
    const answer = (await res.json()) as SendNotificationAnswer;
    assert.equal(answer.sent, 3);
    assert.equal(answer.failed, 1);
    assert.deepEqual(
      answer.results.find((r) => r.staffId === staffId(2)),
      {
        staffId: staffId(2),
        status: 'error',
        message: `"${token(2)}" is not a registered push notification recipient`,
      },
    );
    assert.deepEqual(
      answer.results.find((r) => r.staffId === staffId(3)),
      {
        staffId: staffId(3),
        status: 'ok',
        ticketId: `ticket-${token(3)}-3`,
      },
    );
  } finally {
    await h.close();
  }
});

Deno.test('sendnotification: 1,234 staff go out in concurrent chunks of 100, read page by page', async () => {
  let inFlight = 0;
  let maxInFlight = 0;
  const expo = fakeExpo();
  const h = await harness(employ(1234), async (req) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 20));
    inFlight--;
    return expo(req);
  });
  try {
    const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.equal(res.status, 200);
    const answer = (await res.json()) as SendNotificationAnswer;
    assert.equal(answer.sent, 1234);
    assert.equal(h.expo.requests.length, 13);
    for (const r of h.expo.requests) assert.ok((JSON.parse(r.body) as unknown[]).length <= 100);
    assert.equal(new Set(pushed(h.expo.requests).map((m) => m.to)).size, 1234, 'one message per device');
    assert.ok(maxInFlight > 1, 'chunks are sent concurrently');
    const pages = h.supabase.requests.filter((r) => r.url.pathname === '/rest/v1/employments');
    assert.equal(pages.length, 2, 'the second page holds the last 234');
  } finally {
    await h.close();
  }
});

Deno.test('sendnotification: a company with no staff sends nothing and succeeds', async () => {
  const h = await harness([]);
  try {
    const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { sent: 0, failed: 0, skipped: 0, results: [] });
    assert.equal(h.expo.requests.length, 0);
  } finally {
    await h.close();
  }
});

Deno.test('sendnotification: bad input answers 400 with a sentence', async () => {
  const h = await harness(employ(2));
  const cases: { body?: unknown; raw?: string; message: RegExp }[] = [
    { raw: '{companyID:', message: /not valid JSON/ },
    { body: [COMPANY_ID], message: /must be a JSON object/ },
    { body: {}, message: /companyID is required/ },
    { body: { companyID: '' }, message: /companyID must not be empty/ },
    { body: { companyID: 7 }, message: /companyID must be a string/ },
    { body: { companyID: 'company-1' }, message: /companyID must be a UUID/ },
    { body: { companyID: COMPANY_ID, staffIds: [] }, message: /Unknown field: staffIds/ },
    { raw: JSON.stringify({ companyID: COMPANY_ID, pad: 'x'.repeat(20_000) }), message: /at most 16384 bytes/ },
  ];
  try {
    for (const c of cases) {
      const res = await h.handler(invokeRequest(c.body, { rawBody: c.raw }));
      assert.equal(res.status, 400, `status for ${c.raw?.slice(0, 40) ?? JSON.stringify(c.body)}`);
      const error = await errorOf(res);
      assert.equal(error.code, 'invalid_input');
      assert.match(error.message, c.message);
    }
    assert.equal(h.expo.requests.length, 0);
  } finally {
    await h.close();
  }
});

Deno.test('sendnotification: without a signed-in user it answers 401', async () => {
  const h = await harness(employ(2));
  try {
    for (const t of [null, ANON_TOKEN, 'expired-or-forged']) {
      const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }, { token: t }));
      assert.equal(res.status, 401, `status for token ${t}`);
      assert.equal((await errorOf(res)).code, 'unauthorized');
    }
    assert.equal(h.expo.requests.length, 0);
  } finally {
    await h.close();
  }
});

Deno.test("sendnotification: another company's id answers 403 and notifies nobody", async () => {
  const h = await harness([...employ(2), ...employ(2, OTHER_COMPANY_ID, 10)]);
  try {
    const res = await h.handler(invokeRequest({ companyID: OTHER_COMPANY_ID }));
    assert.equal(res.status, 403);
    assert.deepEqual(await errorOf(res), {
      code: 'forbidden',
      message: 'You can only notify the staff of your own company.',
    });
    assert.equal(h.expo.requests.length, 0);
    assert.equal(h.supabase.requests.filter((r) => r.url.pathname.startsWith('/rest/')).length, 0);
  } finally {
    await h.close();
  }
});

Deno.test('sendnotification: an unreachable push service answers 502', async () => {
  const h = await harness(employ(150), fakeExpo(), { expoUrl: await closedServerUrl() });
  try {
    const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.equal(res.status, 502);
    assert.equal((await errorOf(res)).code, 'upstream_unavailable');
  } finally {
    await h.close();
  }
});

Deno.test('sendnotification: a chunk the push service drops is retried; a refused chunk is reported', async () => {
  const expo = fakeExpo();
  let calls = 0;
  const flaky = await harness(employ(3), (req) => {
    calls++;
    return calls === 1 ? Response.json({ errors: [{ message: 'busy' }] }, { status: 503 }) : expo(req);
  });
  try {
    const res = await flaky.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as SendNotificationAnswer).sent, 3);
    assert.equal(flaky.expo.requests.length, 2);
  } finally {
    await flaky.close();
  }

  // Of two chunks, Expo refuses the first outright (e.g. a 400): the second still goes out.
  let seen = 0;
  const partial = await harness(employ(150), (req) => {
    seen++;
    return seen === 1
      ? Response.json({ errors: [{ code: 'VALIDATION_ERROR', message: '"to" is required.' }] }, { status: 400 })
      : expo(req);
  });
  try {
    const res = await partial.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.equal(res.status, 200);
    const answer = (await res.json()) as SendNotificationAnswer;
    assert.equal(answer.sent + answer.failed, 150);
    assert.ok(answer.failed === 100 || answer.failed === 50);
    const failure = answer.results.find((r) => r.status === 'error');
    assert.deepEqual(failure && 'message' in failure ? failure.message : null, '"to" is required.');
  } finally {
    await partial.close();
  }
});

Deno.test('sendnotification: an Expo access token is sent when configured; preflight and GET', async () => {
  const h = await harness(employ(1), fakeExpo(), { env: { EXPO_ACCESS_TOKEN: 'expo-secret' } });
  try {
    const res = await h.handler(invokeRequest({ companyID: COMPANY_ID.toUpperCase() }));
    assert.equal(res.status, 200, 'an upper-case UUID is the same id');
    await res.body?.cancel();
    assert.equal(h.expo.requests[0]?.headers.get('authorization'), 'Bearer expo-secret');

    const preflight = await h.handler(invokeRequest(undefined, { method: 'OPTIONS', rawBody: '' }));
    assert.equal(preflight.status, 200);
    await preflight.body?.cancel();
    const get = await h.handler(invokeRequest(undefined, { method: 'GET' }));
    assert.equal(get.status, 405);
    await get.body?.cancel();
  } finally {
    await h.close();
  }
});

// Dispatch waves ---------------------------------------------------------------------------------

const SHIFT_ID = '33333333-3333-4333-8333-333333333333';
const OTHER_SHIFT_ID = '44444444-4444-4444-8444-444444444444';

/** Six employed workers: 0-1 in wave 1 of SHIFT_ID, 2-3 in wave 2, 4-5 in no wave; one of another company in its wave 1. */
function dispatched(): FakeStaff[] {
  const staff = employ(6).map((s, i) => ({
    ...s,
    waves: i < 2 ? [{ shiftId: SHIFT_ID, wave: 1 }] : i < 4 ? [{ shiftId: SHIFT_ID, wave: 2 }] : [],
  }));
  return [
    ...staff,
    {
      ...employ(1, OTHER_COMPANY_ID, 50)[0]!,
      waves: [
        { shiftId: OTHER_SHIFT_ID, wave: 1 },
        { shiftId: SHIFT_ID, wave: 1 },
      ],
    },
  ];
}

Deno.test('sendnotification: pushes only to the workers a wave notified', async () => {
  const h = await harness(dispatched());
  try {
    const res = await h.handler(invokeRequest({ companyID: COMPANY_ID, shiftID: SHIFT_ID, wave: 1 }));
    assert.equal(res.status, 200);
    const answer = (await res.json()) as SendNotificationAnswer;
    assert.deepEqual(
      answer.results.map((r) => [r.staffId, r.status]),
      [
        [staffId(0), 'ok'],
        [staffId(1), 'ok'],
      ],
    );
    const messages = pushed(h.expo.requests);
    assert.deepEqual(
      messages.map((m) => m.to),
      [token(0), token(1)],
    );
    assert.equal(messages[0]?.body, BODY);
    assert.deepEqual(messages[0]?.data, { companyId: COMPANY_ID, shiftId: SHIFT_ID });
  } finally {
    await h.close();
  }
});

Deno.test('sendnotification: a re-notify reaches every wave so far; naming a wave, only that one', async () => {
  const h = await harness(dispatched());
  try {
    let res = await h.handler(invokeRequest({ companyID: COMPANY_ID, shiftID: SHIFT_ID }));
    // Waves 1 and 2 have gone out: their four workers.
    assert.deepEqual(
      pushed(h.expo.requests).map((m) => m.to),
      [token(0), token(1), token(2), token(3)],
    );
    res = await h.handler(invokeRequest({ companyID: COMPANY_ID, shiftID: SHIFT_ID, wave: 2 }));
    assert.equal(res.status, 200);
    assert.deepEqual(
      pushed(h.expo.requests.slice(1)).map((m) => m.to),
      [token(2), token(3)],
    );
  } finally {
    await h.close();
  }
});

Deno.test("sendnotification: a company naming another company's shift reaches nobody", async () => {
  const h = await harness(dispatched());
  try {
    const res = await h.handler(invokeRequest({ companyID: COMPANY_ID, shiftID: OTHER_SHIFT_ID }));
    assert.equal(res.status, 200);
    const answer = (await res.json()) as SendNotificationAnswer;
    assert.equal(answer.results.length, 0);
    assert.equal(h.expo.requests.length, 0);
  } finally {
    await h.close();
  }
});

Deno.test(
  'sendnotification: the database, with the service role key, pushes one later wave to its workers',
  async () => {
    const h = await harness(dispatched(), fakeExpo(), { shifts: [{ id: SHIFT_ID, companyId: COMPANY_ID }] });
    try {
      const res = await h.handler(invokeRequest({ shiftID: SHIFT_ID, wave: 2 }, { token: SERVICE_ROLE_TOKEN }));
      assert.equal(res.status, 200);
      const answer = (await res.json()) as SendNotificationAnswer;
      assert.equal(answer.sent, 2);
      const messages = pushed(h.expo.requests);
      assert.deepEqual(
        messages.map((m) => m.to),
        [token(2), token(3)],
      );
      assert.equal(messages[0]?.body, LATER_WAVE_BODY);
      assert.deepEqual(messages[0]?.data, { companyId: COMPANY_ID, shiftId: SHIFT_ID });
    } finally {
      await h.close();
    }
  },
);

Deno.test('sendnotification: a wave of a shift accepted in the meantime is not pushed', async () => {
  const h = await harness(dispatched(), fakeExpo(), {
    shifts: [{ id: SHIFT_ID, companyId: COMPANY_ID, acceptedAt: '2026-11-27T10:00:00Z' }],
  });
  try {
    const res = await h.handler(invokeRequest({ shiftID: SHIFT_ID, wave: 2 }, { token: SERVICE_ROLE_TOKEN }));
    assert.equal(res.status, 200);
    const answer = (await res.json()) as SendNotificationAnswer;
    assert.equal(answer.sent, 0);
    assert.equal(answer.skipped, 2);
    assert.equal(
      answer.results[0]?.status === 'skipped' && answer.results[0].message,
      'The shift was accepted before this wave was pushed.',
    );
    assert.equal(h.expo.requests.length, 0);
  } finally {
    await h.close();
  }
});

Deno.test('sendnotification: a wave call names its shift and wave; an unknown shift answers 404', async () => {
  const h = await harness(dispatched(), fakeExpo(), { shifts: [{ id: SHIFT_ID, companyId: COMPANY_ID }] });
  try {
    const service = { token: SERVICE_ROLE_TOKEN };
    let res = await h.handler(invokeRequest({ shiftID: SHIFT_ID }, service));
    assert.equal(res.status, 400);
    assert.equal((await errorOf(res)).message, 'wave is required.');
    res = await h.handler(invokeRequest({ shiftID: SHIFT_ID, wave: 4 }, service));
    assert.equal(res.status, 400);
    assert.equal((await errorOf(res)).message, 'wave must be 1, 2 or 3.');
    res = await h.handler(invokeRequest({ companyID: COMPANY_ID, shiftID: SHIFT_ID, wave: 2 }, service));
    assert.equal(res.status, 400);
    assert.match((await errorOf(res)).message, /^Unknown field: companyID/);
    res = await h.handler(invokeRequest({ shiftID: OTHER_SHIFT_ID, wave: 1 }, service));
    assert.equal(res.status, 404);
    // A company cannot pass for the database: its token is checked as a user's, and the body must be its own.
    res = await h.handler(invokeRequest({ shiftID: SHIFT_ID, wave: 2 }));
    assert.equal(res.status, 400);
    assert.equal((await errorOf(res)).message, 'companyID is required.');
    assert.equal(h.expo.requests.length, 0);
  } finally {
    await h.close();
  }
});

// Pushes the database decided: { batchID } ----------------------------------------------------------

const BATCH_ID = '55555555-5555-4555-8555-555555555555';
const OTHER_BATCH_ID = '66666666-6666-4666-8666-666666666666';
const CREDENTIAL_SHIFT_ID = '77777777-7777-4777-8777-777777777777';
const pushId = (i: number): string => `99999999-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** One watchdog tick's batch (two late alerts at two agencies, a re-post offer) and a reminder batch. */
function decided(): FakeStaffPush[] {
  return [
    {
      id: pushId(1),
      batchId: BATCH_ID,
      kind: 'late_alert',
      staffId: staffId(0),
      companyId: COMPANY_ID,
      shiftId: SHIFT_ID,
      title: 'Your shift has started',
      body: 'Your shift at 100 Queen Street West started 10 minutes ago',
    },
    {
      id: pushId(2),
      batchId: BATCH_ID,
      kind: 'late_alert',
      staffId: staffId(50),
      companyId: OTHER_COMPANY_ID,
      shiftId: OTHER_SHIFT_ID,
      title: 'Your shift has started',
      body: 'Your shift at 5 Main Street started 11 minutes ago',
    },
    {
      id: pushId(3),
      batchId: BATCH_ID,
      kind: 'repost',
      staffId: staffId(1),
      companyId: COMPANY_ID,
      shiftId: CREDENTIAL_SHIFT_ID,
      title: 'A shift needs cover now',
      body: 'A shift that has started needs cover now. View in home page',
    },
    {
      id: pushId(4),
      batchId: OTHER_BATCH_ID,
      kind: 'credential_reminder',
      staffId: staffId(2),
      companyId: COMPANY_ID,
      title: 'Credential expiring soon',
      body: 'Your CPR/First aid expires in 14 days, on December 12, 2026',
    },
  ];
}

const batchStaff = (): FakeStaff[] => [...employ(3), ...employ(1, OTHER_COMPANY_ID, 50)];

Deno.test(
  'sendnotification: a batch from the database pushes each of its rows, with its own text, and nothing else',
  async () => {
    const h = await harness(batchStaff(), fakeExpo(), { pushes: decided() });
    try {
      const res = await h.handler(invokeRequest({ batchID: BATCH_ID }, { token: SERVICE_ROLE_TOKEN }));
      assert.equal(res.status, 200);
      const answer = (await res.json()) as SendNotificationAnswer;
      assert.equal(answer.sent, 3);
      assert.deepEqual(
        answer.results.map((r) => [r.staffId, r.status]),
        [
          [staffId(0), 'ok'],
          [staffId(50), 'ok'],
          [staffId(1), 'ok'],
        ],
      );
      assert.deepEqual(pushed(h.expo.requests), [
        {
          to: token(0),
          title: 'Your shift has started',
          body: 'Your shift at 100 Queen Street West started 10 minutes ago',
          data: { companyId: COMPANY_ID, shiftId: SHIFT_ID, kind: 'late_alert' },
          sound: 'default',
        },
        {
          to: token(50),
          title: 'Your shift has started',
          body: 'Your shift at 5 Main Street started 11 minutes ago',
          data: { companyId: OTHER_COMPANY_ID, shiftId: OTHER_SHIFT_ID, kind: 'late_alert' },
          sound: 'default',
        },
        {
          to: token(1),
          title: 'A shift needs cover now',
          body: 'A shift that has started needs cover now. View in home page',
          data: { companyId: COMPANY_ID, shiftId: CREDENTIAL_SHIFT_ID, kind: 'repost' },
          sound: 'default',
        },
      ]);
      // One read of the batch, with the service role key; no user, no employments, no other table.
      const reads = h.supabase.requests.filter(
        (r) => r.url.pathname.startsWith('/rest/') || r.url.pathname.startsWith('/auth/'),
      );
      assert.deepEqual(
        reads.map((r) => r.url.pathname),
        ['/rest/v1/staff_push_deliveries'],
      );
      assert.equal(reads[0]!.url.searchParams.get('batch_id'), `eq.${BATCH_ID}`);
      assert.equal(reads[0]!.headers.get('authorization'), `Bearer ${SERVICE_ROLE_TOKEN}`);

      // The reminder batch: a push with no shift.
      const reminder = await h.handler(invokeRequest({ batchID: OTHER_BATCH_ID }, { token: SERVICE_ROLE_TOKEN }));
      assert.equal(reminder.status, 200);
      assert.equal(((await reminder.json()) as SendNotificationAnswer).sent, 1);
      assert.deepEqual(pushed(h.expo.requests.slice(1)), [
        {
          to: token(2),
          title: 'Credential expiring soon',
          body: 'Your CPR/First aid expires in 14 days, on December 12, 2026',
          data: { companyId: COMPANY_ID, kind: 'credential_reminder' },
          sound: 'default',
        },
      ]);
    } finally {
      await h.close();
    }
  },
);

Deno.test(
  'sendnotification: rows the database marks as no longer true, and workers without a device, are skipped',
  async () => {
    const rows = decided().map((p) =>
      p.id === pushId(1) ? { ...p, skipReason: 'The staff member clocked in before this alert was pushed.' } : p,
    );
    const staff = batchStaff().map((s) => (s.staffId === staffId(1) ? { ...s, pushToken: null } : s));
    const h = await harness(staff, fakeExpo(), { pushes: rows });
    try {
      const res = await h.handler(invokeRequest({ batchID: BATCH_ID }, { token: SERVICE_ROLE_TOKEN }));
      assert.equal(res.status, 200);
      const answer = (await res.json()) as SendNotificationAnswer;
      assert.deepEqual(answer.results, [
        {
          staffId: staffId(0),
          status: 'skipped',
          message: 'The staff member clocked in before this alert was pushed.',
        },
        { staffId: staffId(1), status: 'skipped', message: 'No push token is registered for this staff member.' },
        { staffId: staffId(50), status: 'ok', ticketId: `ticket-${token(50)}-0` },
      ]);
      assert.deepEqual(
        pushed(h.expo.requests).map((m) => m.to),
        [token(50)],
      );
    } finally {
      await h.close();
    }
  },
);

Deno.test('sendnotification: an empty or unknown batch pushes nothing and succeeds', async () => {
  const h = await harness(batchStaff(), fakeExpo(), { pushes: decided() });
  try {
    const res = await h.handler(
      invokeRequest({ batchID: '88888888-8888-4888-8888-888888888888' }, { token: SERVICE_ROLE_TOKEN }),
    );
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { sent: 0, failed: 0, skipped: 0, results: [] });
    assert.equal(h.expo.requests.length, 0);
  } finally {
    await h.close();
  }
});

Deno.test(
  'sendnotification: a batch body is { batchID } alone, a UUID; its kinds are the ones the database writes',
  async () => {
    const h = await harness(batchStaff(), fakeExpo(), {
      pushes: [...decided(), { ...decided()[0]!, id: pushId(9), batchId: OTHER_SHIFT_ID, kind: 'birthday' }],
    });
    const service = { token: SERVICE_ROLE_TOKEN };
    const cases: { body: unknown; message: string | RegExp }[] = [
      { body: { batchID: '' }, message: 'batchID must not be empty.' },
      { body: { batchID: 42 }, message: 'batchID must be a string.' },
      { body: { batchID: 'batch-1' }, message: 'batchID must be a UUID.' },
      {
        body: { batchID: BATCH_ID, shiftID: SHIFT_ID },
        message: 'Send either { batchID } or { shiftID, wave }, not both.',
      },
      { body: { batchID: BATCH_ID, wave: 2 }, message: 'Send either { batchID } or { shiftID, wave }, not both.' },
      {
        body: { batchID: BATCH_ID, staffIDs: [staffId(3)] },
        message: 'Unknown field: staffIDs. Allowed: shiftID, wave, batchID.',
      },
      { body: { batchId: BATCH_ID }, message: 'Unknown field: batchId. Allowed: shiftID, wave, batchID.' },
      { body: { batchID: BATCH_ID, title: 'Free money' }, message: /^Unknown field: title\./ },
    ];
    try {
      for (const c of cases) {
        const res = await h.handler(invokeRequest(c.body, service));
        assert.equal(res.status, 400, `status for ${JSON.stringify(c.body)}`);
        const error = await errorOf(res);
        assert.equal(error.code, 'invalid_input');
        if (typeof c.message === 'string') assert.equal(error.message, c.message);
        else assert.match(error.message, c.message);
      }
      // A kind this function does not know is not pushed as something else.
      const unknownKind = await h.handler(invokeRequest({ batchID: OTHER_SHIFT_ID }, service));
      assert.equal(unknownKind.status, 500);
      assert.deepEqual(await errorOf(unknownKind), {
        code: 'misconfigured',
        message: 'Pushes of kind birthday are not supported yet.',
      });
      assert.equal(h.expo.requests.length, 0);
    } finally {
      await h.close();
    }
  },
);

Deno.test('sendnotification: only the service role key delivers a batch; a company or a visitor cannot', async () => {
  const h = await harness(batchStaff(), fakeExpo(), { pushes: decided() });
  try {
    // A company's token (a signed-in agency) is checked against the browser's shapes.
    let res = await h.handler(invokeRequest({ batchID: BATCH_ID }));
    assert.equal(res.status, 400);
    assert.equal((await errorOf(res)).message, 'Unknown field: batchID. Allowed: companyID, shiftID, wave.');
    res = await h.handler(invokeRequest({ companyID: COMPANY_ID, batchID: BATCH_ID }));
    assert.equal(res.status, 400);
    assert.match((await errorOf(res)).message, /^Unknown field: batchID\./);
    // The anon key or a wrong key: the same refusal, before any read; no key at all: 401.
    for (const t of [ANON_TOKEN, `${SERVICE_ROLE_TOKEN}-but-wrong`]) {
      res = await h.handler(invokeRequest({ batchID: BATCH_ID }, { token: t }));
      assert.equal(res.status, 400, `status for token ${t}`);
      assert.match((await errorOf(res)).message, /^Unknown field: batchID\./);
    }
    res = await h.handler(invokeRequest({ batchID: BATCH_ID }, { token: null }));
    assert.equal(res.status, 401);
    assert.equal((await errorOf(res)).code, 'unauthorized');
    assert.equal(h.expo.requests.length, 0);
    assert.equal(
      h.supabase.requests.filter((r) => r.url.pathname === '/rest/v1/staff_push_deliveries').length,
      0,
      'nobody but the database got the batch read',
    );
  } finally {
    await h.close();
  }
});
