/**
 * The Phoenix channel protocol as realtime-js 2.x speaks it, checked on the wire (frames, refs,
 * join replies) and through supabase-js (broadcast, presence, the REST broadcast API).
 */
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from '../../tests/support/stack-env.ts';
import {
  realtimeUser,
  subscribed,
  uniqueName,
  userJwt,
  waitFor,
  type RealtimeUser,
  type Vsn,
} from './realtime-support.ts';

const WS_URL = `${API_URL.replace(/^http/, 'ws')}/realtime/v1/websocket`;

interface Frame {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A bare socket that records decoded frames, for checks below supabase-js. */
async function rawSocket(vsn: Vsn): Promise<{
  ws: WebSocket;
  frames: Frame[];
  send(f: Omit<Frame, 'payload'> & { payload: unknown }): void;
  next(match: (f: Frame) => boolean): Promise<Frame>;
}> {
  const ws = new WebSocket(`${WS_URL}?apikey=${ANON_KEY}&vsn=${vsn}`);
  const frames: Frame[] = [];
  ws.on('message', (data: Buffer) => {
    const parsed: unknown = JSON.parse(data.toString());
    if (Array.isArray(parsed)) {
      const [join_ref, ref, topic, event, payload] = parsed as [
        string | null,
        string | null,
        string,
        string,
        Record<string, unknown>,
      ];
      frames.push({ join_ref, ref, topic, event, payload });
    } else {
      frames.push(parsed as Frame);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    send: (f) =>
      ws.send(vsn === '2.0.0' ? JSON.stringify([f.join_ref, f.ref, f.topic, f.event, f.payload]) : JSON.stringify(f)),
    next: async (match) => {
      await waitFor(() => frames.some(match), 'a frame');
      return frames.find(match) as Frame;
    },
  };
}

const opened: { close(): void }[] = [];
const users: RealtimeUser[] = [];
afterAll(async () => {
  for (const o of opened) o.close();
  await Promise.all(users.map((u) => u.client.removeAllChannels()));
});

async function user(vsn: Vsn, token: string | null = null): Promise<RealtimeUser> {
  const u = await realtimeUser(vsn, token);
  users.push(u);
  return u;
}

describe('realtime socket', () => {
  it('refuses the upgrade without a project apikey, with Kong’s 401 message', async () => {
    for (const [query, message] of [
      ['', 'No API key found in request'],
      ['?apikey=not-a-key', 'Invalid API key'],
    ] as const) {
      const ws = new WebSocket(`${WS_URL}${query}`);
      const refused = await new Promise<{ status: number; body: string }>((resolve) => {
        ws.on('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
      });
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toEqual({ message });
    }
  });

  describe.each<Vsn>(['2.0.0', '1.0.0'])('frames (vsn %s)', (vsn) => {
    it('answers heartbeats on the phoenix topic with the same ref', async () => {
      const s = await rawSocket(vsn);
      opened.push(s.ws);
      s.send({ join_ref: null, ref: '7', topic: 'phoenix', event: 'heartbeat', payload: {} });
      const reply = await s.next((f) => f.ref === '7');
      expect(reply).toMatchObject({ topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
    });

    it('echoes each postgres_changes binding verbatim, in order, with an integer id, then confirms', async () => {
      const s = await rawSocket(vsn);
      opened.push(s.ws);
      const bindings = [
        { event: '*', schema: 'public', table: 'anything' },
        { event: 'INSERT', schema: 'public', table: 'other', filter: 'id=eq.1' },
        { event: 'DELETE', schema: 'public' },
      ];
      s.send({
        join_ref: '1',
        ref: '1',
        topic: 'realtime:room-a',
        event: 'phx_join',
        payload: {
          config: {
            broadcast: { ack: false, self: false },
            presence: { key: '', enabled: false },
            postgres_changes: bindings,
            private: false,
          },
          access_token: ANON_KEY,
        },
      });
      const reply = await s.next((f) => f.event === 'phx_reply' && f.ref === '1');
      expect(reply.join_ref).toBe('1');
      expect(reply.payload.status).toBe('ok');
      const echoed = (reply.payload.response as { postgres_changes: Record<string, unknown>[] }).postgres_changes;
      expect(echoed.map(({ id: _id, ...rest }) => rest)).toEqual(bindings);
      for (const b of echoed) expect(Number.isInteger(b.id) && (b.id as number) > 0).toBe(true);
      expect(new Set(echoed.map((b) => b.id)).size).toBe(3);

      const system = await s.next((f) => f.event === 'system');
      expect(system.join_ref).toBe('1');
      expect(system.payload).toEqual({
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        channel: 'room-a',
      });

      s.send({ join_ref: '1', ref: '2', topic: 'realtime:room-a', event: 'phx_leave', payload: {} });
      expect((await s.next((f) => f.ref === '2')).payload).toEqual({ status: 'ok', response: {} });
      await s.next((f) => f.event === 'phx_close' && f.join_ref === '1');
    });

    it('answers an empty postgres_changes list for a channel without bindings', async () => {
      const s = await rawSocket(vsn);
      opened.push(s.ws);
      s.send({ join_ref: '3', ref: '3', topic: 'realtime:plain', event: 'phx_join', payload: { config: {} } });
      const reply = await s.next((f) => f.ref === '3');
      expect(reply.payload).toEqual({ status: 'ok', response: { postgres_changes: [] } });
    });

    it('refuses joins with an expired or forged token, with Realtime’s reasons', async () => {
      const s = await rawSocket(vsn);
      opened.push(s.ws);
      s.send({
        join_ref: '4',
        ref: '4',
        topic: 'realtime:expired',
        event: 'phx_join',
        payload: { config: {}, access_token: await userJwt('00000000-0000-0000-0000-000000000001', -30) },
      });
      const expired = await s.next((f) => f.ref === '4');
      expect(expired.payload.status).toBe('error');
      expect(String((expired.payload.response as { reason: string }).reason)).toMatch(
        /^InvalidJWTToken: Token has expired \d+ seconds ago$/,
      );

      const forged = `${ANON_KEY.slice(0, -4)}AAAA`;
      s.send({
        join_ref: '5',
        ref: '5',
        topic: 'realtime:forged',
        event: 'phx_join',
        payload: { config: {}, access_token: forged },
      });
      const bad = await s.next((f) => f.ref === '5');
      expect(bad.payload).toEqual({
        status: 'error',
        response: { reason: 'JwtSignatureError: Failed to validate JWT signature' },
      });
    });

    it('answers pushes to a topic that was never joined with an error', async () => {
      const s = await rawSocket(vsn);
      opened.push(s.ws);
      s.send({
        join_ref: '9',
        ref: '10',
        topic: 'realtime:nowhere',
        event: 'broadcast',
        payload: { type: 'broadcast', event: 'x', payload: {} },
      });
      const reply = await s.next((f) => f.ref === '10');
      expect(reply.payload).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    });
  });
});

describe.each<Vsn>(['2.0.0', '1.0.0'])('broadcast and presence through supabase-js (vsn %s)', (vsn) => {
  async function pair(
    config: { self?: boolean; ack?: boolean } = {},
  ): Promise<{ topic: string; a: RealtimeChannel; b: RealtimeChannel; gotA: unknown[]; gotB: unknown[] }> {
    const topic = uniqueName('room');
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    const a = (await user(vsn)).client
      .channel(topic, { config: { broadcast: { self: config.self ?? false, ack: config.ack ?? false } } })
      .on('broadcast', { event: 'ping' }, (m) => gotA.push(m.payload));
    const b = (await user(vsn)).client.channel(topic).on('broadcast', { event: 'ping' }, (m) => gotB.push(m.payload));
    await Promise.all([subscribed(a), subscribed(b)]);
    return { topic, a, b, gotA, gotB };
  }

  it('relays a broadcast to the other members but not back to the sender without self', async () => {
    const { a, b, gotA, gotB } = await pair();
    await a.send({ type: 'broadcast', event: 'ping', payload: { n: 1, text: 'héllo ✓' } });
    await b.send({ type: 'broadcast', event: 'ping', payload: { n: 2 } });
    await waitFor(() => gotB.length === 1 && gotA.length === 1, 'both broadcasts');
    expect(gotB).toEqual([{ n: 1, text: 'héllo ✓' }]);
    expect(gotA).toEqual([{ n: 2 }]);
  });

  it('echoes to the sender with self and acknowledges with ack', async () => {
    const { a, gotA, gotB } = await pair({ self: true, ack: true });
    const status = await a.send({ type: 'broadcast', event: 'ping', payload: { n: 3 } });
    expect(status).toBe('ok');
    await waitFor(() => gotA.length === 1 && gotB.length === 1, 'the echo and the relay');
    expect(gotA).toEqual([{ n: 3 }]);
  });

  it('delivers messages posted to the REST broadcast API (202)', async () => {
    const { topic, gotA, gotB } = await pair();
    const res = await fetch(`${API_URL}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: {
        apikey: SERVICE_ROLE_KEY,
        Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ messages: [{ topic, event: 'ping', payload: { from: 'rest' }, private: false }] }),
    });
    expect(res.status).toBe(202);
    await waitFor(() => gotA.length === 1 && gotB.length === 1, 'the REST broadcast');
    expect(gotA).toEqual([{ from: 'rest' }]);
  });

  it('tracks and untracks presence, answering ok and syncing both members', async () => {
    const topic = uniqueName('presence');
    const a = (await user(vsn)).client.channel(topic, { config: { presence: { key: 'alice' } } });
    const b = (await user(vsn)).client.channel(topic, { config: { presence: { key: 'bob' } } });
    const leaves: string[] = [];
    a.on('presence', { event: 'sync' }, () => undefined).on('presence', { event: 'leave' }, ({ key }) =>
      leaves.push(key),
    );
    b.on('presence', { event: 'sync' }, () => undefined);
    await Promise.all([subscribed(a), subscribed(b)]);
    expect(await a.track({ status: 'online' })).toBe('ok');
    expect(await b.track({ status: 'away' })).toBe('ok');
    await waitFor(
      () => Object.keys(a.presenceState()).length === 2 && Object.keys(b.presenceState()).length === 2,
      'presence sync',
    );
    expect(a.presenceState().bob?.[0]).toMatchObject({ status: 'away' });
    expect(b.presenceState().alice?.[0]).toMatchObject({ status: 'online' });
    expect(await b.untrack()).toBe('ok');
    await waitFor(() => leaves.includes('bob'), 'the presence leave');
    expect(Object.keys(a.presenceState())).toEqual(['alice']);
  });
});
