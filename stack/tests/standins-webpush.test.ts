/**
 * The Web Push stand-in: subscriptions shaped like PushSubscription.toJSON(), and pushes sent the
 * way sendnotification sends them (the `web-push` library: RFC 8291 aes128gcm, RFC 8292 VAPID)
 * are checked, decrypted and recorded; wrong VAPID, wrong keys and unknown subscriptions are refused.
 */
import webpush, { type PushSubscription, type RequestOptions } from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStandinsServer, type StandinsServer } from '../src/standins/server.ts';

let standins: StandinsServer;
const vapid = webpush.generateVAPIDKeys();
const otherVapid = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:push-tests@carecover.test';
const vapidDetails = { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey };

beforeAll(async () => {
  standins = await createStandinsServer({ port: 0 });
});

afterAll(async () => {
  await standins.close();
});

beforeEach(async () => {
  const res = await fetch(`${standins.url}/webpush/pushes`, { method: 'DELETE' });
  expect(res.status).toBe(200);
});

async function subscribe(): Promise<PushSubscription & { expirationTime: null }> {
  const res = await fetch(`${standins.url}/webpush/subscribe`, { method: 'POST' });
  expect(res.status).toBe(201);
  return (await res.json()) as PushSubscription & { expirationTime: null };
}

interface Recorded {
  endpointId: string;
  endpoint: string;
  ttl: number;
  urgency: string;
  subject?: string;
  payload: unknown;
}

async function recorded(endpoint?: string): Promise<Recorded[]> {
  const query = endpoint ? `?endpoint=${encodeURIComponent(endpoint)}` : '';
  const res = await fetch(`${standins.url}/webpush/pushes${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Recorded[];
}

/**
 * web-push encrypts and signs (generateRequestDetails); its sendNotification only speaks https, so
 * the request goes out with fetch, as sendnotification sends it.
 */
async function push(sub: PushSubscription, payload: string, options: RequestOptions): Promise<Response> {
  return sendDetails(webpush.generateRequestDetails(sub, payload, options));
}

/** The request web-push would make, sent with fetch so a test can change one part of it. */
async function sendDetails(
  details: webpush.RequestDetails,
  change: (headers: Record<string, string>) => void = () => {},
  url = details.endpoint,
): Promise<Response> {
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  change(headers);
  return fetch(url, { method: 'POST', headers, body: details.body ? new Uint8Array(details.body) : undefined });
}

describe('web push stand-in', () => {
  it('subscribes like a browser: PushSubscription.toJSON() with a P-256 key and a 16-byte secret', async () => {
    const sub = await subscribe();
    expect(Object.keys(sub).sort()).toEqual(['endpoint', 'expirationTime', 'keys']);
    expect(sub.endpoint).toMatch(new RegExp(`^${standins.url}/webpush/send/[A-Za-z0-9_-]+$`));
    expect(sub.expirationTime).toBeNull();
    const p256dh = Buffer.from(sub.keys.p256dh, 'base64url');
    expect(p256dh).toHaveLength(65);
    expect(p256dh[0]).toBe(4);
    expect(sub.keys.p256dh).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(sub.keys.auth, 'base64url')).toHaveLength(16);
    expect((await subscribe()).endpoint).not.toBe(sub.endpoint);
  });

  it('takes a push encrypted by the web-push library, decrypts it and records it', async () => {
    const sub = await subscribe();
    const other = await subscribe();
    const payload = { title: 'New shift available', body: 'Tom & "Jerry" <3', url: '/', companyId: 'c-1' };
    const result = await push(sub, JSON.stringify(payload), { vapidDetails, TTL: 3600, urgency: 'high' });
    expect(result.status).toBe(201);
    expect(result.headers.get('location')).toMatch(/\/webpush\/message\//);

    const pushes = await recorded(sub.endpoint);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ endpoint: sub.endpoint, ttl: 3600, urgency: 'high', subject: SUBJECT, payload });
    expect(await recorded(other.endpoint)).toEqual([]);

    // Big payloads (the most a push service must take) and plain text come through too.
    const text = 'x'.repeat(3000);
    expect((await push(other, text, { vapidDetails, TTL: 60 })).status).toBe(201);
    expect((await recorded(other.endpoint))[0]).toMatchObject({ payload: text, ttl: 60, urgency: 'normal' });
    expect((await recorded()).map((p) => p.endpoint)).toEqual([other.endpoint, sub.endpoint]);

    await fetch(`${standins.url}/webpush/pushes`, { method: 'DELETE' });
    expect(await recorded()).toEqual([]);
  });

  it('refuses pushes without valid VAPID: missing, signed by another key, for another origin, expired', async () => {
    const sub = await subscribe();
    const details = webpush.generateRequestDetails(sub, '{"a":1}', { vapidDetails, TTL: 60 });

    const missing = await sendDetails(details, (h) => delete h.Authorization);
    expect(missing.status).toBe(401);

    const forged = await sendDetails(details, (h) => {
      h.Authorization = h.Authorization!.replace(/k=[A-Za-z0-9_-]+/, `k=${otherVapid.publicKey}`);
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { message: string }).message).toMatch(/signature/);

    const bearer = await sendDetails(details, (h) => {
      h.Authorization = 'Bearer something';
    });
    expect(bearer.status).toBe(401);

    // Signed for localhost, sent to 127.0.0.1: the audience is another origin.
    const elsewhere = webpush.generateRequestDetails(
      { ...sub, endpoint: sub.endpoint.replace('127.0.0.1', 'localhost') },
      '{"a":1}',
      { vapidDetails, TTL: 60 },
    );
    const wrongAudience = await sendDetails(elsewhere, () => {}, sub.endpoint);
    expect(wrongAudience.status).toBe(403);
    expect(((await wrongAudience.json()) as { message: string }).message).toMatch(/audience/);

    const expiredHeaders = webpush.getVapidHeaders(
      new URL(sub.endpoint).origin,
      SUBJECT,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      Math.floor(Date.now() / 1000) - 60,
    );
    const expired = await sendDetails(details, (h) => {
      h.Authorization = expiredHeaders.Authorization;
    });
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { message: string }).message).toMatch(/expired/);

    const wrongPair = await push(sub, 'x', {
      vapidDetails: { ...vapidDetails, privateKey: otherVapid.privateKey },
      TTL: 60,
    });
    expect(wrongPair.status).toBe(403);
    expect(await recorded(sub.endpoint)).toEqual([]);
  });

  it('refuses a body encrypted for other keys, a missing TTL and another content encoding', async () => {
    const sub = await subscribe();
    const other = await subscribe();
    const forOther = webpush.generateRequestDetails(other, 'secret', { vapidDetails, TTL: 60 });
    const wrongKeys = await sendDetails(forOther, () => {}, sub.endpoint);
    expect(wrongKeys.status).toBe(400);
    expect(((await wrongKeys.json()) as { message: string }).message).toMatch(/could not be decrypted/);

    const details = webpush.generateRequestDetails(sub, 'hello', { vapidDetails, TTL: 60 });
    const noTtl = await sendDetails(details, (h) => delete h.TTL);
    expect(noTtl.status).toBe(400);
    const aesgcm = await sendDetails(details, (h) => {
      h['Content-Encoding'] = 'aesgcm';
    });
    expect(aesgcm.status).toBe(415);
    expect(await recorded()).toEqual([]);

    const ok = await sendDetails(details);
    expect(ok.status).toBe(201);
    expect((await recorded(sub.endpoint))[0]?.payload).toBe('hello');
  });

  it('answers 410 Gone for an unknown or unsubscribed subscription, as push services do', async () => {
    const unknown = { endpoint: `${standins.url}/webpush/send/never-made`, keys: (await subscribe()).keys };
    expect((await push(unknown, 'x', { vapidDetails, TTL: 60 })).status).toBe(410);

    const sub = await subscribe();
    const id = sub.endpoint.split('/').pop()!;
    expect((await push(sub, 'x', { vapidDetails, TTL: 60 })).status).toBe(201);
    expect((await fetch(`${standins.url}/webpush/subscriptions/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await push(sub, 'x', { vapidDetails, TTL: 60 })).status).toBe(410);
    expect(await recorded()).toHaveLength(1);
  });

  it('lists decrypted web pushes on the dev page, escaped', async () => {
    const sub = await subscribe();
    await push(sub, JSON.stringify({ title: '<script>alert(1)</script>', body: 'Tom & Jerry' }), {
      vapidDetails,
      TTL: 60,
    });
    const html = await (await fetch(`${standins.url}/__dev`)).text();
    expect(html).toContain('Web pushes (decrypted)');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Tom &amp; Jerry');
    expect(html).not.toContain('<script>');
  });
});
