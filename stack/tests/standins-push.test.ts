/** The Expo push stand-in: Expo's tickets, and a record of what would have reached each device. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStandinsServer, type StandinsServer } from '../src/standins/server.ts';

let standins: StandinsServer;

beforeAll(async () => {
  standins = await createStandinsServer({ port: 0 });
});

afterAll(async () => {
  await standins.close();
});

beforeEach(async () => {
  const res = await fetch(`${standins.url}/__dev/pushes`, { method: 'DELETE' });
  expect(res.status).toBe(200);
});

async function send(body: unknown): Promise<Response> {
  return fetch(`${standins.url}/--/api/v2/push/send`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

interface Recorded {
  id: string;
  receivedAt: string;
  to: string;
  title?: string;
  body?: string;
  data?: unknown;
  status: string;
}

async function recorded(): Promise<Recorded[]> {
  const res = await fetch(`${standins.url}/__dev/pushes`);
  return (await res.json()) as Recorded[];
}

describe('push stand-in', () => {
  it('accepts one message and answers with an ok ticket', async () => {
    const res = await send({
      to: 'ExponentPushToken[abc123]',
      title: 'New shift',
      body: 'Your employer just posted a new shift. View in home page',
      data: { shiftId: 's1' },
      sound: 'default',
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { status: string; id: string }[] };
    expect(data).toHaveLength(1);
    expect(data[0]?.status).toBe('ok');
    expect(data[0]?.id).toMatch(/^[0-9a-f-]{36}$/);

    const [push] = await recorded();
    expect(push).toMatchObject({
      id: data[0]?.id,
      to: 'ExponentPushToken[abc123]',
      title: 'New shift',
      body: 'Your employer just posted a new shift. View in home page',
      data: { shiftId: 's1' },
      status: 'ok',
    });
    expect(Date.parse(push?.receivedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers a batch ticket by ticket, refusing tokens that are not Expo push tokens', async () => {
    const res = await send([
      { to: 'ExpoPushToken[first]', title: 'A', body: 'one' },
      { to: 'not-a-token', title: 'B', body: 'two' },
      { to: 'ExponentPushToken[third]', title: 'C', body: 'three' },
    ]);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Record<string, unknown>[] };
    expect(data).toHaveLength(3);
    expect(data[0]?.status).toBe('ok');
    expect(data[1]).toEqual({
      status: 'error',
      message: '"not-a-token" is not a registered push notification recipient',
      details: { error: 'DeviceNotRegistered' },
    });
    expect(data[2]?.status).toBe('ok');
  });

  it('sends one ticket per device when a message names several', async () => {
    const res = await send({ to: ['ExpoPushToken[a]', 'ExpoPushToken[b]'], body: 'hello' });
    const { data } = (await res.json()) as { data: unknown[] };
    expect(data).toHaveLength(2);
    expect((await recorded()).map((p) => p.to)).toEqual(['ExpoPushToken[b]', 'ExpoPushToken[a]']);
  });

  it('lists recorded pushes newest first and clears them', async () => {
    await send({ to: 'ExpoPushToken[x]', body: 'first' });
    await send({ to: 'ExpoPushToken[x]', body: 'second' });
    expect((await recorded()).map((p) => p.body)).toEqual(['second', 'first']);

    await fetch(`${standins.url}/__dev/pushes`, { method: 'DELETE' });
    expect(await recorded()).toEqual([]);
  });

  it('lists only the pushes received since a given time when asked', async () => {
    await send({ to: 'ExpoPushToken[x]', body: 'before' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = new Date().toISOString();
    await send({ to: 'ExpoPushToken[x]', body: 'after' });
    await send({ to: 'ExpoPushToken[y]', body: 'later' });
    const res = await fetch(`${standins.url}/__dev/pushes?since=${encodeURIComponent(since)}`);
    expect(((await res.json()) as Recorded[]).map((p) => p.body)).toEqual(['later', 'after']);
    expect((await recorded()).map((p) => p.body)).toEqual(['later', 'after', 'before']);

    const bad = await fetch(`${standins.url}/__dev/pushes?since=yesterday`);
    expect(bad.status).toBe(400);
  });

  it('refuses a body that is not JSON with a request error', async () => {
    const res = await fetch(`${standins.url}/--/api/v2/push/send`, { method: 'POST', body: 'nope' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { code: string }[] };
    expect(body.errors[0]?.code).toBe('VALIDATION_ERROR');
  });

  it('shows pushes on the dev page with their text escaped', async () => {
    await send({ to: 'ExpoPushToken[html]', title: '<script>alert(1)</script>', body: 'Tom & "Jerry"' });
    const res = await fetch(`${standins.url}/__dev`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Tom &amp; &quot;Jerry&quot;');
    expect(html).not.toContain('<script>');
  });
});
