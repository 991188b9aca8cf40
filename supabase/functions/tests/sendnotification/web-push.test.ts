import assert from 'node:assert/strict';
// @deno-types="npm:@types/web-push@3.6.4"
import webpush from 'npm:web-push@3.6.7';
import type { Env } from '../../_shared/env.ts';
import { userClientFactory } from '../../_shared/supabase.ts';
import {
  ANON_TOKEN,
  closedServerUrl,
  COMPANY_ID,
  COMPANY_JWT,
  fakeSupabase,
  type FakeServer,
  type FakeShift,
  type FakeStaff,
  type FakeStaffPush,
  fakeJwt,
  invokeRequest,
  OTHER_COMPANY_ID,
  type RecordedRequest,
  SERVICE_ROLE_TOKEN,
  startFakeServer,
} from '../_shared/testing.ts';
import {
  BODY,
  createSendNotificationHandler,
  type SendNotificationAnswer,
  TITLE,
} from '../../sendnotification/handler.ts';
import { HttpError } from '../../_shared/http.ts';
import {
  deliverableEndpoint,
  serviceWebPushStore,
  WEB_PUSH_TTL_SECONDS,
  type WebPushStore,
} from '../../sendnotification/web-push.ts';
import { decrypt, type FakeDevice, fakePushService, makeDevice, vapidOf } from './web-push-testing.ts';

const VAPID = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:push@carecover.test';
const staffId = (i: number): string => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

interface Harness {
  handler: (req: Request) => Promise<Response>;
  push: FakeServer;
  expo: FakeServer;
  supabase: FakeServer;
  device(id: string): Promise<FakeDevice>;
  close(): Promise<void>;
}

async function harness(
  staff: FakeStaff[] | ((h: { device(id: string): Promise<FakeDevice> }) => Promise<FakeStaff[]>),
  options: {
    gone?: string[];
    env?: Record<string, string>;
    expoUrl?: string;
    pushes?: FakeStaffPush[];
    shifts?: FakeShift[];
    store?: (expo: FakeServer, env: Env) => WebPushStore;
  } = {},
): Promise<Harness> {
  const push = await startFakeServer(fakePushService(options.gone));
  const device = (id: string): Promise<FakeDevice> => makeDevice(id, `${push.url}/push/${id}`);
  const rows = typeof staff === 'function' ? await staff({ device }) : staff;
  const expo = await startFakeServer((req) =>
    Response.json({ data: (JSON.parse(req.body) as unknown[]).map((_, i) => ({ status: 'ok', id: `t-${i}` })) }),
  );
  const supabase = await startFakeServer(fakeSupabase(rows, undefined, options.shifts, options.pushes));
  const env: Env = {
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: ANON_TOKEN,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_TOKEN,
    EXPO_PUSH_URL: options.expoUrl ?? `${expo.url}/--/api/v2/push/send`,
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    VAPID_SUBJECT: SUBJECT,
    WEB_PUSH_ALLOW_LOOPBACK: 'true',
    ...options.env,
  };
  const handler = createSendNotificationHandler({
    env,
    fetch,
    createUserClient: userClientFactory(env),
    retryDelayMs: 10,
    timeoutMs: 2000,
    ...(options.store ? { webPushStore: options.store(expo, env) } : {}),
  });
  return {
    handler,
    push,
    expo,
    supabase,
    device,
    close: async () => {
      await push.close();
      await expo.close();
      await supabase.close();
    },
  };
}

const devicesOf = (staff: FakeStaff[]): FakeDevice[] => staff.flatMap((s) => (s.webPush ?? []) as FakeDevice[]);

Deno.test(
  'sendnotification web push: one encrypted push per subscribed device of the company, none elsewhere',
  async () => {
    let staff: FakeStaff[] = [];
    const h = await harness(async ({ device }) => {
      staff = [
        {
          staffId: staffId(0),
          companyId: COMPANY_ID,
          pushToken: null,
          webPush: [await device('a0-phone'), await device('a0-laptop')],
        },
        {
          staffId: staffId(1),
          companyId: COMPANY_ID,
          pushToken: 'ExponentPushToken[a1]',
          webPush: [await device('a1-phone')],
        },
        { staffId: staffId(2), companyId: COMPANY_ID, pushToken: 'ExponentPushToken[a2]' },
        { staffId: staffId(50), companyId: OTHER_COMPANY_ID, pushToken: null, webPush: [await device('b50-phone')] },
      ];
      return staff;
    });
    try {
      const before = Math.floor(Date.now() / 1000);
      const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }));
      assert.equal(res.status, 200);
      const answer = (await res.json()) as SendNotificationAnswer;

      // Expo is as before: the two tokens, a0 skipped.
      assert.equal(answer.sent, 2);
      assert.equal(answer.skipped, 1);
      assert.equal(h.expo.requests.length, 1);

      assert.ok(answer.webPush);
      assert.equal(answer.webPush.sent, 3);
      assert.equal(answer.webPush.failed, 0);
      assert.equal(answer.webPush.removed, 0);
      assert.deepEqual(answer.webPush.results.map((r) => [r.staffId, r.subscriptionId, r.status]).sort(), [
        [staffId(0), 'a0-laptop', 'ok'],
        [staffId(0), 'a0-phone', 'ok'],
        [staffId(1), 'a1-phone', 'ok'],
      ]);

      assert.deepEqual(h.push.requests.map((r) => r.url.pathname).sort(), [
        '/push/a0-laptop',
        '/push/a0-phone',
        '/push/a1-phone',
      ]);
      const devices = new Map(devicesOf(staff).map((d) => [d.id, d]));
      for (const req of h.push.requests) {
        const device = devices.get(req.url.pathname.split('/').pop()!)!;
        assert.equal(req.method, 'POST');
        assert.equal(req.headers.get('content-encoding'), 'aes128gcm');
        assert.equal(req.headers.get('ttl'), String(WEB_PUSH_TTL_SECONDS));
        assert.equal(req.headers.get('urgency'), 'high');
        const { key, claims } = vapidOf(req);
        assert.equal(key, VAPID.publicKey);
        assert.equal(claims.aud, h.push.url, 'the JWT is for the push service origin');
        assert.equal(claims.sub, SUBJECT);
        assert.ok(claims.exp! > before && claims.exp! <= before + 24 * 3600 + 5, 'expires within 24 hours');
        assert.ok(!req.body.includes(TITLE), 'the body is encrypted');
        assert.deepEqual(JSON.parse(await decrypt(device, req.bytes)), {
          title: TITLE,
          body: BODY,
          url: '/',
          companyId: COMPANY_ID,
        });
      }

      // The subscriptions were read with the service role, for the company's staff only.
      const reads = h.supabase.requests.filter((r) => r.url.pathname === '/rest/v1/web_push_subscriptions');
      const read = reads.find((r) => r.method === 'GET')!;
      assert.equal(read.headers.get('authorization'), `Bearer ${SERVICE_ROLE_TOKEN}`);
      assert.equal(read.url.searchParams.get('staff_id'), `in.(${staffId(0)},${staffId(1)},${staffId(2)})`);
      const employments = h.supabase.requests.find((r) => r.url.pathname === '/rest/v1/employments')!;
      assert.equal(employments.headers.get('authorization'), 'Bearer company-access-token');

      // Successes are recorded; the other company's device is untouched.
      for (const id of ['a0-phone', 'a0-laptop', 'a1-phone']) assert.ok(devices.get(id)!.lastSuccessAt, id);
      assert.equal(devices.get('b50-phone')!.lastSuccessAt, undefined);
    } finally {
      await h.close();
    }
  },
);

Deno.test('sendnotification web push: nothing for workers who turned new-shift pushes off, Expo or web', async () => {
  let loudPhone: FakeDevice | undefined;
  const h = await harness(async ({ device }) => [
    {
      staffId: staffId(0),
      companyId: COMPANY_ID,
      pushToken: 'ExponentPushToken[quiet]',
      notifyNewShifts: false,
      webPush: [await device('quiet-phone')],
    },
    {
      staffId: staffId(1),
      companyId: COMPANY_ID,
      pushToken: 'ExponentPushToken[loud]',
      webPush: [(loudPhone = await device('loud-phone'))],
    },
  ]);
  try {
    const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.equal(res.status, 200);
    const answer = (await res.json()) as SendNotificationAnswer;
    assert.deepEqual(
      answer.results.find((r) => r.staffId === staffId(0)),
      { staffId: staffId(0), status: 'skipped', message: 'This staff member turned off new-shift notifications.' },
    );
    assert.equal(answer.sent, 1);
    assert.deepEqual(
      (JSON.parse(h.expo.requests[0]!.body) as { to: string }[]).map((m) => m.to),
      ['ExponentPushToken[loud]'],
    );
    assert.deepEqual(
      h.push.requests.map((r) => r.url.pathname),
      ['/push/loud-phone'],
    );
    assert.deepEqual(
      answer.webPush?.results.map((r) => r.subscriptionId),
      ['loud-phone'],
    );
    const read = h.supabase.requests.find((r) => r.url.pathname === '/rest/v1/web_push_subscriptions')!;
    assert.equal(read.url.searchParams.get('staff_id'), `in.(${staffId(1)})`, 'the quiet worker is not even looked up');

    // The quiet worker's device is never addressed; the loud one gets the usual payload.
    assert.deepEqual(JSON.parse(await decrypt(loudPhone!, h.push.requests[0]!.bytes)), {
      title: TITLE,
      body: BODY,
      url: '/',
      companyId: COMPANY_ID,
    });
  } finally {
    await h.close();
  }
});

Deno.test(
  "sendnotification web push: a batch from the database reaches each worker's browsers with that row's own text",
  async () => {
    const batchId = '55555555-5555-4555-8555-555555555555';
    const lateShift = '33333333-3333-4333-8333-333333333333';
    const openShift = '44444444-4444-4444-8444-444444444444';
    const devices = new Map<string, FakeDevice>();
    const keep = (d: FakeDevice): FakeDevice => (devices.set(d.id, d), d);
    const row = (i: number, p: Omit<FakeStaffPush, 'id' | 'batchId'>): FakeStaffPush => ({
      id: `99999999-0000-4000-8000-${String(i).padStart(12, '0')}`,
      batchId,
      ...p,
    });
    const h = await harness(
      async ({ device }) => [
        {
          staffId: staffId(0),
          companyId: COMPANY_ID,
          pushToken: null,
          webPush: [keep(await device('late-phone')), keep(await device('late-laptop'))],
        },
        // New-shift pushes off: the database still sends them what is not a new shift.
        {
          staffId: staffId(1),
          companyId: COMPANY_ID,
          pushToken: null,
          notifyNewShifts: false,
          webPush: [keep(await device('reminded-phone'))],
        },
        { staffId: staffId(2), companyId: COMPANY_ID, pushToken: null, webPush: [await device('skipped-phone')] },
        { staffId: staffId(3), companyId: COMPANY_ID, pushToken: null, webPush: [await device('bystander-phone')] },
      ],
      {
        pushes: [
          row(1, {
            kind: 'late_alert',
            staffId: staffId(0),
            companyId: COMPANY_ID,
            shiftId: lateShift,
            title: 'Your shift has started',
            body: 'Your shift at 100 Queen Street West started 10 minutes ago',
          }),
          row(2, {
            kind: 'credential_reminder',
            staffId: staffId(1),
            companyId: COMPANY_ID,
            title: 'Credential expiring soon',
            body: 'Your TB test expires tomorrow, December 1, 2026',
          }),
          row(3, {
            kind: 'repost',
            staffId: staffId(2),
            companyId: COMPANY_ID,
            shiftId: openShift,
            title: 'A shift needs cover now',
            body: 'A shift that has started needs cover now. View in home page',
            skipReason: 'The shift was accepted before this offer was pushed.',
          }),
        ],
      },
    );
    try {
      const res = await h.handler(invokeRequest({ batchID: batchId }, { token: SERVICE_ROLE_TOKEN }));
      assert.equal(res.status, 200);
      const answer = (await res.json()) as SendNotificationAnswer;
      assert.equal(answer.webPush?.sent, 3);
      assert.deepEqual(h.push.requests.map((r) => r.url.pathname).sort(), [
        '/push/late-laptop',
        '/push/late-phone',
        '/push/reminded-phone',
      ]);
      const shown = new Map<string, unknown>();
      for (const req of h.push.requests) {
        const id = req.url.pathname.split('/').pop()!;
        shown.set(id, JSON.parse(await decrypt(devices.get(id)!, req.bytes)));
      }
      const late = {
        title: 'Your shift has started',
        body: 'Your shift at 100 Queen Street West started 10 minutes ago',
        url: '/my-shifts',
        companyId: COMPANY_ID,
        shiftId: lateShift,
        kind: 'late_alert',
      };
      assert.deepEqual(shown.get('late-phone'), late);
      assert.deepEqual(shown.get('late-laptop'), late);
      assert.deepEqual(shown.get('reminded-phone'), {
        title: 'Credential expiring soon',
        body: 'Your TB test expires tomorrow, December 1, 2026',
        url: '/notifications',
        companyId: COMPANY_ID,
        kind: 'credential_reminder',
      });
      // Only the workers with a push still due were looked up.
      const read = h.supabase.requests.find((r) => r.url.pathname === '/rest/v1/web_push_subscriptions')!;
      assert.equal(read.url.searchParams.get('staff_id'), `in.(${staffId(0)},${staffId(1)})`);
    } finally {
      await h.close();
    }
  },
);

Deno.test('sendnotification web push: a subscription the push service answers 410 for is deleted', async () => {
  let staff: FakeStaff[] = [];
  const h = await harness(
    async ({ device }) => {
      staff = [
        {
          staffId: staffId(0),
          companyId: COMPANY_ID,
          pushToken: null,
          webPush: [await device('expired'), await device('fresh')],
        },
      ];
      return staff;
    },
    { gone: ['expired'] },
  );
  try {
    const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.equal(res.status, 200);
    const answer = (await res.json()) as SendNotificationAnswer;
    assert.equal(answer.webPush?.sent, 1);
    assert.equal(answer.webPush?.removed, 1);
    assert.equal(answer.webPush?.failed, 0);
    const gone = answer.webPush?.results.find((r) => r.subscriptionId === 'expired');
    assert.equal(gone?.status, 'gone');
    assert.deepEqual(
      staff[0]!.webPush!.map((s) => s.id),
      ['fresh'],
      'the expired subscription was deleted',
    );
    assert.ok(staff[0]!.webPush![0]!.lastSuccessAt);
    const deletion = h.supabase.requests.find(
      (r) => r.url.pathname === '/rest/v1/web_push_subscriptions' && r.method === 'DELETE',
    )!;
    assert.equal(deletion.url.searchParams.get('id'), 'in.(expired)');
    assert.equal(deletion.headers.get('authorization'), `Bearer ${SERVICE_ROLE_TOKEN}`);

    // Once deleted, the next post does not try it again.
    const again = (await (await h.handler(invokeRequest({ companyID: COMPANY_ID }))).json()) as SendNotificationAnswer;
    assert.deepEqual(
      again.webPush?.results.map((r) => r.subscriptionId),
      ['fresh'],
    );
  } finally {
    await h.close();
  }
});

Deno.test(
  'sendnotification web push: other failures are reported and keep the subscription; Expo unaffected',
  async () => {
    let staff: FakeStaff[] = [];
    const h = await harness(async ({ device }) => {
      const broken = await device('broken');
      broken.endpoint = 'https://169.254.169.254/latest/meta-data';
      staff = [
        {
          staffId: staffId(0),
          companyId: COMPANY_ID,
          pushToken: 'ExponentPushToken[x]',
          webPush: [broken, await device('redirect-me')],
        },
      ];
      return staff;
    });
    try {
      const answer = (await (
        await h.handler(invokeRequest({ companyID: COMPANY_ID }))
      ).json()) as SendNotificationAnswer;
      assert.equal(answer.sent, 1);
      assert.equal(answer.webPush?.failed, 2);
      assert.deepEqual(
        answer.webPush?.results.map((r) => [r.subscriptionId, r.status, 'message' in r ? r.message : '']),
        [
          ['broken', 'error', 'This subscription does not point at a push service.'],
          ['redirect-me', 'error', 'The push service answered HTTP 307.'],
        ],
      );
      assert.deepEqual(
        h.push.requests.map((r) => r.url.pathname),
        ['/push/redirect-me'],
        'an endpoint that is not a push service is never called, and a redirect is not followed',
      );
      assert.equal(staff[0]!.webPush!.length, 2, 'both subscriptions are kept');
    } finally {
      await h.close();
    }
  },
);

Deno.test('sendnotification web push: only push-service endpoints are called', () => {
  const local = { WEB_PUSH_ALLOW_LOOPBACK: 'true' };
  assert.equal(deliverableEndpoint('https://fcm.googleapis.com/fcm/send/abc', {}), true);
  assert.equal(deliverableEndpoint('https://web.push.apple.com/QO', {}), true);
  assert.equal(deliverableEndpoint('http://127.0.0.1:54390/webpush/send/x', {}), false);
  assert.equal(deliverableEndpoint('http://127.0.0.1:54390/webpush/send/x', local), true);
  assert.equal(deliverableEndpoint('https://localhost/x', {}), false);
  assert.equal(deliverableEndpoint('http://push.example.com/x', local), false);
  assert.equal(deliverableEndpoint('https://10.0.0.8/x', {}), false);
  assert.equal(deliverableEndpoint('https://[fd00::1]/x', {}), false);
  assert.equal(deliverableEndpoint('https://intranet/x', {}), false);
  assert.equal(deliverableEndpoint('not a url', {}), false);
});

Deno.test('sendnotification web push: half a VAPID configuration is a 500; none skips web push', async () => {
  const half = await harness([], { env: { VAPID_PRIVATE_KEY: '' } });
  try {
    const res = await half.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.equal(res.status, 500);
    assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'misconfigured');
  } finally {
    await half.close();
  }
  const none = await harness(
    async ({ device }) => [
      { staffId: staffId(0), companyId: COMPANY_ID, pushToken: null, webPush: [await device('d')] },
    ],
    { env: { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' } },
  );
  try {
    const res = await none.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.deepEqual(await res.json(), {
      sent: 0,
      failed: 0,
      skipped: 1,
      results: [
        { staffId: staffId(0), status: 'skipped', message: 'No push token is registered for this staff member.' },
      ],
    });
    assert.equal(none.push.requests.length, 0);
    assert.equal(
      none.supabase.requests.filter((r) => r.url.pathname === '/rest/v1/web_push_subscriptions').length,
      0,
      'without VAPID the service role is not used at all',
    );
  } finally {
    await none.close();
  }
});

Deno.test(
  'sendnotification web push: with Expo unreachable, delivered web pushes make it a 200, not a retry',
  async () => {
    const h = await harness(
      async ({ device }) => [
        {
          staffId: staffId(0),
          companyId: COMPANY_ID,
          pushToken: 'ExponentPushToken[x]',
          webPush: [await device('d0')],
        },
      ],
      { expoUrl: await closedServerUrl() },
    );
    try {
      const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }));
      assert.equal(res.status, 200);
      const answer = (await res.json()) as SendNotificationAnswer;
      assert.equal(answer.failed, 1);
      assert.match((answer.results[0] as { message: string }).message, /could not be reached/);
      assert.equal(answer.webPush?.sent, 1);
    } finally {
      await h.close();
    }
    const none = await harness(
      async ({ device }) => [
        {
          staffId: staffId(0),
          companyId: COMPANY_ID,
          pushToken: 'ExponentPushToken[x]',
          webPush: [await device('d0')],
        },
      ],
      { expoUrl: await closedServerUrl(), gone: ['d0'] },
    );
    try {
      const res = await none.handler(invokeRequest({ companyID: COMPANY_ID }));
      assert.equal(res.status, 502, 'nothing reached anyone: the dashboard may try again');
      await res.body?.cancel();
    } finally {
      await none.close();
    }
  },
);

/** A store whose lookup is `load`; nothing is ever removed or recorded. */
const storeLoading = (load: WebPushStore['load']): WebPushStore => ({
  load,
  remove: () => Promise.resolve(),
  recordSuccess: () => Promise.resolve(),
});

Deno.test('sendnotification web push: browsers are looked up while the devices are pushed to', async () => {
  let sawDevicePush = false;
  const h = await harness([{ staffId: staffId(1), companyId: COMPANY_ID, pushToken: 'ExponentPushToken[a1]' }], {
    store: (expo) =>
      storeLoading(async () => {
        // Answers once Expo was called, or after a second: a lookup made before pushing would wait it out.
        for (let waited = 0; waited < 1000 && expo.requests.length === 0; waited += 10) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        sawDevicePush = expo.requests.length > 0;
        return [];
      }),
  });
  try {
    const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }));
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as SendNotificationAnswer).sent, 1);
    assert.ok(sawDevicePush, 'the devices were pushed to before the browsers had been looked up');
  } finally {
    await h.close();
  }
});

Deno.test(
  'sendnotification web push: unreadable subscriptions leave the devices pushed, or a 502 when none was',
  async () => {
    const unreadable = () =>
      storeLoading(() =>
        Promise.reject(new HttpError(502, 'upstream_error', 'The staff list could not be read. Please try again.')),
      );
    const withDevice = await harness(
      [{ staffId: staffId(1), companyId: COMPANY_ID, pushToken: 'ExponentPushToken[a1]' }],
      { store: unreadable },
    );
    try {
      const res = await withDevice.handler(invokeRequest({ companyID: COMPANY_ID }));
      assert.equal(res.status, 200);
      const answer = (await res.json()) as SendNotificationAnswer;
      assert.equal(answer.sent, 1);
      assert.equal(answer.webPush, undefined, 'nothing is said of browsers that could not be looked up');
    } finally {
      await withDevice.close();
    }
    const withoutDevice = await harness([{ staffId: staffId(2), companyId: COMPANY_ID, pushToken: null }], {
      store: unreadable,
    });
    try {
      const res = await withoutDevice.handler(invokeRequest({ companyID: COMPANY_ID }));
      assert.equal(res.status, 502);
      assert.equal(withoutDevice.expo.requests.length, 0);
    } finally {
      await withoutDevice.close();
    }
  },
);

/** The subscriptions a call read, as the fake Supabase saw them: by source (beside the recipients) or by staff. */
function subscriptionReads(supabase: FakeServer): { bySource: RecordedRequest[]; byStaff: RecordedRequest[] } {
  const gets = supabase.requests.filter((r) => r.method === 'GET');
  return {
    bySource: gets.filter((r) => r.url.searchParams.get('select')?.includes('web_push_subscriptions')),
    byStaff: gets.filter((r) => r.url.pathname === '/rest/v1/web_push_subscriptions'),
  };
}

Deno.test(
  "sendnotification web push: the company's own token has its browsers read beside its staff, in one read",
  async () => {
    const h = await harness(async ({ device }) => [
      { staffId: staffId(0), companyId: COMPANY_ID, pushToken: null, webPush: [await device('a0-phone')] },
      {
        staffId: staffId(1),
        companyId: COMPANY_ID,
        pushToken: 'ExponentPushToken[a1]',
        webPush: [await device('a1-phone'), await device('a1-laptop')],
      },
      // Turned off: read beside the others, never pushed.
      {
        staffId: staffId(2),
        companyId: COMPANY_ID,
        pushToken: null,
        notifyNewShifts: false,
        webPush: [await device('a2-phone')],
      },
      { staffId: staffId(50), companyId: OTHER_COMPANY_ID, pushToken: null, webPush: [await device('b50-phone')] },
    ]);
    try {
      const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }, { token: COMPANY_JWT }));
      assert.equal(res.status, 200);
      const answer = (await res.json()) as SendNotificationAnswer;
      assert.equal(answer.sent, 1);
      assert.equal(answer.webPush?.sent, 3);
      assert.deepEqual(h.push.requests.map((r) => r.url.pathname).sort(), [
        '/push/a0-phone',
        '/push/a1-laptop',
        '/push/a1-phone',
      ]);
      const { bySource, byStaff } = subscriptionReads(h.supabase);
      assert.equal(byStaff.length, 0, 'no second lookup by staff id after the recipients');
      assert.equal(bySource.length, 1);
      const read = bySource[0]!;
      assert.equal(read.url.pathname, '/rest/v1/employments');
      assert.equal(read.url.searchParams.get('company_id'), `eq.${COMPANY_ID}`);
      assert.equal(read.headers.get('authorization'), `Bearer ${SERVICE_ROLE_TOKEN}`);
      // The recipients themselves are still read as the company, under RLS.
      const asCompany = h.supabase.requests.filter(
        (r) => r.url.pathname === '/rest/v1/employments' && r.headers.get('authorization') === `Bearer ${COMPANY_JWT}`,
      );
      assert.equal(asCompany.length, 1);
    } finally {
      await h.close();
    }
  },
);

Deno.test(
  "sendnotification web push: a token naming the company that Auth refuses pushes to nobody's browser",
  async () => {
    const forged = fakeJwt({ sub: COMPANY_ID, forged: true });
    const h = await harness(async ({ device }) => [
      { staffId: staffId(0), companyId: COMPANY_ID, pushToken: 'ExponentPushToken[a0]', webPush: [await device('a0')] },
    ]);
    try {
      const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }, { token: forged }));
      assert.equal(res.status, 401);
      await res.body?.cancel();
      assert.equal(h.push.requests.length, 0);
      assert.equal(h.expo.requests.length, 0);
    } finally {
      await h.close();
    }
  },
);

Deno.test(
  "sendnotification web push: a re-notify reads the wave's browsers beside the wave; the database's wave too",
  async () => {
    const shiftId = '33333333-3333-4333-8333-333333333333';
    const h = await harness(
      async ({ device }) => [
        {
          staffId: staffId(0),
          companyId: COMPANY_ID,
          pushToken: null,
          webPush: [await device('w1-phone')],
          waves: [{ shiftId, wave: 1 }],
        },
        {
          staffId: staffId(1),
          companyId: COMPANY_ID,
          pushToken: null,
          webPush: [await device('w2-phone')],
          waves: [{ shiftId, wave: 2 }],
        },
        // Employed, never notified for this shift.
        { staffId: staffId(2), companyId: COMPANY_ID, pushToken: null, webPush: [await device('bystander')] },
      ],
      { shifts: [{ id: shiftId, companyId: COMPANY_ID }] },
    );
    try {
      const all = await h.handler(invokeRequest({ companyID: COMPANY_ID, shiftID: shiftId }, { token: COMPANY_JWT }));
      assert.equal(all.status, 200);
      assert.equal(((await all.json()) as SendNotificationAnswer).webPush?.sent, 2);
      assert.deepEqual(h.push.requests.map((r) => r.url.pathname).sort(), ['/push/w1-phone', '/push/w2-phone']);

      h.push.requests.length = 0;
      const second = await h.handler(invokeRequest({ shiftID: shiftId, wave: 2 }, { token: SERVICE_ROLE_TOKEN }));
      assert.equal(second.status, 200);
      assert.equal(((await second.json()) as SendNotificationAnswer).webPush?.sent, 1);
      assert.deepEqual(
        h.push.requests.map((r) => r.url.pathname),
        ['/push/w2-phone'],
      );

      const { bySource, byStaff } = subscriptionReads(h.supabase);
      assert.equal(byStaff.length, 0);
      assert.deepEqual(
        bySource.map((r) => [r.url.pathname, r.url.searchParams.get('shift_id'), r.url.searchParams.get('wave')]),
        [
          ['/rest/v1/shift_wave_recipients', `eq.${shiftId}`, null],
          ['/rest/v1/shift_wave_recipients', `eq.${shiftId}`, 'eq.2'],
        ],
      );
    } finally {
      await h.close();
    }
  },
);

Deno.test(
  'sendnotification web push: staff the read beside them missed, or all when it failed, are read by staff id',
  async () => {
    const staff = async ({ device }: { device(id: string): Promise<FakeDevice> }): Promise<FakeStaff[]> => [
      { staffId: staffId(0), companyId: COMPANY_ID, pushToken: null, webPush: [await device('d0')] },
      { staffId: staffId(1), companyId: COMPANY_ID, pushToken: null, webPush: [await device('d1')] },
    ];
    const byStaffCalls: string[][] = [];
    // The real store against the fake server, with its read by source answering for staff 0 only,
    // or failing.
    const partly =
      (fail: boolean) =>
      (_expo: FakeServer, env: Env): WebPushStore => {
        const real = serviceWebPushStore(env, fetch);
        return {
          ...real,
          load: (ids) => (byStaffCalls.push([...ids]), real.load(ids)),
          loadFor: async (source) => {
            if (fail) throw new HttpError(502, 'upstream_error', 'The staff list could not be read. Please try again.');
            const got = await real.loadFor!(source);
            return { staffIds: new Set([staffId(0)]), rows: got.rows.filter((r) => r.staffId === staffId(0)) };
          },
        };
      };
    let h: Harness = await harness(staff, { store: partly(false) });
    try {
      const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }, { token: COMPANY_JWT }));
      assert.equal(res.status, 200);
      assert.equal(((await res.json()) as SendNotificationAnswer).webPush?.sent, 2);
      assert.deepEqual(byStaffCalls, [[staffId(1)]]);
    } finally {
      await h.close();
    }
    byStaffCalls.length = 0;
    h = await harness(staff, { store: partly(true) });
    try {
      const res = await h.handler(invokeRequest({ companyID: COMPANY_ID }, { token: COMPANY_JWT }));
      assert.equal(res.status, 200);
      assert.equal(((await res.json()) as SendNotificationAnswer).webPush?.sent, 2);
      assert.deepEqual(byStaffCalls, [[staffId(0), staffId(1)]]);
    } finally {
      await h.close();
    }
  },
);
