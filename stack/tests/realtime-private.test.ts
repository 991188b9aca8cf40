/**
 * Realtime Authorization: private channels are governed by RLS policies on realtime.messages that
 * read realtime.topic(), as on Supabase (docs: "Realtime Authorization"). A client joins only what
 * it may read, and its broadcasts reach others only where it may write.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superuser } from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from '../../tests/support/stack-env.ts';
import { realtimeUser, subscribed, uniqueName, userJwt, waitFor, type RealtimeUser } from './realtime-support.ts';

const room = uniqueName('room');
const closed = uniqueName('closed');
const reader = randomUUID();
const writer = randomUUID();
let db: pg.Client;
let readerUser: RealtimeUser;
let writerUser: RealtimeUser;
let writerToken: string;
let readerToken: string;

beforeAll(async () => {
  db = await superuser();
  // Both may receive on `room`; only the writer may send there. Nobody may read `closed`.
  await db.query(`
    create policy "${room} members receive" on realtime.messages for select to authenticated
      using (realtime.topic() = '${room}' and (select auth.uid()) in ('${reader}', '${writer}'));
    create policy "${room} writer sends" on realtime.messages for insert to authenticated
      with check (realtime.topic() = '${room}' and (select auth.uid()) = '${writer}' and extension = 'broadcast');
  `);
  readerToken = await userJwt(reader);
  writerToken = await userJwt(writer);
  readerUser = await realtimeUser('2.0.0', readerToken);
  writerUser = await realtimeUser('2.0.0', writerToken);
});

afterAll(async () => {
  await readerUser.client.removeAllChannels();
  await writerUser.client.removeAllChannels();
  await db.query(`
    drop policy if exists "${room} members receive" on realtime.messages;
    drop policy if exists "${room} writer sends" on realtime.messages;
  `);
  await db.end();
});

describe('private channels', () => {
  it('refuses to join a topic the user may not read, with hosted Realtime’s reason', async () => {
    const channel = readerUser.client.channel(closed, { config: { private: true } });
    await expect(subscribed(channel)).rejects.toThrow(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${closed}`,
    );
    await readerUser.client.removeChannel(channel);
  });

  it('the same topic without private: true is a public channel, open to all', async () => {
    const channel = readerUser.client.channel(closed);
    await subscribed(channel);
    await readerUser.client.removeChannel(channel);
  });

  it('relays a writer’s broadcast to readers and drops a reader’s', async () => {
    const got: unknown[] = [];
    const listening = readerUser.client
      .channel(room, { config: { private: true } })
      .on('broadcast', { event: 'note' }, (m) => got.push(m.payload));
    await subscribed(listening);
    const writing = writerUser.client.channel(room, { config: { private: true, broadcast: { ack: true } } });
    const writerGot: unknown[] = [];
    writing.on('broadcast', { event: 'note' }, (m) => writerGot.push(m.payload));
    await subscribed(writing);

    // The reader may not write: its message never reaches the writer.
    await listening.send({ type: 'broadcast', event: 'note', payload: { from: 'reader' } });
    await writing.send({ type: 'broadcast', event: 'note', payload: { from: 'writer' } });
    await waitFor(() => got.length === 1, 'the writer’s broadcast');
    expect(got).toEqual([{ from: 'writer' }]);
    // A later message from the writer arrives, so the reader's would have arrived before it.
    await writing.send({ type: 'broadcast', event: 'note', payload: { from: 'writer', n: 2 } });
    await waitFor(() => got.length === 2, 'the second broadcast');
    expect(writerGot).toEqual([]);
    await readerUser.client.removeAllChannels();
    await writerUser.client.removeAllChannels();
  });

  it('the HTTP broadcast API checks the caller’s write permission on private topics', async () => {
    const got: unknown[] = [];
    const listening = readerUser.client
      .channel(room, { config: { private: true } })
      .on('broadcast', { event: 'http' }, (m) => got.push(m.payload));
    await subscribed(listening);
    const post = (token: string, from: string) =>
      fetch(`${API_URL}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic: room, event: 'http', payload: { from }, private: true }] }),
      });
    expect((await post(readerToken, 'reader')).status).toBe(202);
    expect((await post(writerToken, 'writer')).status).toBe(202);
    expect((await post(SERVICE_ROLE_KEY, 'service')).status).toBe(202);
    await waitFor(() => got.length === 2, 'the allowed HTTP broadcasts');
    expect(got).toEqual([{ from: 'writer' }, { from: 'service' }]);
  });
});

describe('httpSend', () => {
  // realtime-js httpSend() posts an ArrayBuffer/Uint8Array payload as application/octet-stream to
  // /api/broadcast/{topic}/events/{event}; subscribers receive the bytes as a binary broadcast.
  it('delivers a binary payload sent over HTTP as bytes, and a JSON one as JSON', async () => {
    const topic = uniqueName('bytes');
    const got: unknown[] = [];
    const listening = readerUser.client.channel(topic).on('broadcast', { event: '*' }, (m) => got.push(m.payload));
    await subscribed(listening);
    const sender = writerUser.client.channel(topic);
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await expect(sender.httpSend('blob', bytes)).resolves.toEqual({ success: true });
    await expect(sender.httpSend('json', { n: 1 })).resolves.toEqual({ success: true });
    await waitFor(() => got.length === 2, 'both broadcasts');
    const [first, second] = got;
    expect(new Uint8Array(first as ArrayBuffer)).toEqual(bytes);
    expect(second).toEqual({ n: 1 });
    await readerUser.client.removeAllChannels();
  });
});
