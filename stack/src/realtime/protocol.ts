/**
 * Phoenix channel frames as realtime-js 2.x speaks them: vsn 1.0.0 JSON objects, vsn 2.0.0 JSON
 * arrays `[join_ref, ref, topic, event, payload]` plus the binary broadcast frames (client→server
 * kind 3 "user broadcast push", server→client kind 4 "user broadcast").
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface Message {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast payload whose user payload is raw bytes (encoding 0), not JSON. */
export interface BinaryBroadcast {
  type: 'broadcast';
  event: string;
  payload: Buffer;
  meta?: Record<string, unknown>;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

export class ProtocolError extends Error {}

function asString(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : String(value);
}

export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Message {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new ProtocolError('binary frames need vsn 2.0.0');
    return decodeBinary(data);
  }
  const parsed: unknown = JSON.parse(data.toString('utf8'));
  if (Array.isArray(parsed)) {
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') throw new ProtocolError('bad frame');
    return { join_ref: asString(joinRef), ref: asString(ref), topic, event, payload: payload ?? {} };
  }
  if (parsed && typeof parsed === 'object') {
    const m = parsed as Record<string, unknown>;
    if (typeof m.topic !== 'string' || typeof m.event !== 'string') throw new ProtocolError('bad frame');
    return {
      join_ref: asString(m.join_ref),
      ref: asString(m.ref),
      topic: m.topic,
      event: m.event,
      payload: m.payload ?? {},
    };
  }
  throw new ProtocolError('bad frame');
}

function decodeBinary(data: Buffer): Message {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) throw new ProtocolError('unknown binary frame');
  const lengths = [data[1], data[2], data[3], data[4], data[5]].map((n) => n ?? 0);
  const encoding = data[6];
  let offset = 7;
  const fields: string[] = [];
  for (const length of lengths) {
    if (offset + length > data.length) throw new ProtocolError('truncated binary frame');
    fields.push(data.subarray(offset, offset + length).toString('utf8'));
    offset += length;
  }
  const [joinRef = '', ref = '', topic = '', userEvent = '', metadata = ''] = fields;
  const body = data.subarray(offset);
  const meta = metadata ? (JSON.parse(metadata) as Record<string, unknown>) : {};
  const userPayload: unknown = encoding === ENCODING_JSON ? JSON.parse(body.toString('utf8')) : Buffer.from(body);
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { ...meta, type: 'broadcast', event: userEvent, payload: userPayload },
  };
}

/** A text frame; `payloadJson` lets hot paths splice a payload serialised once for many sockets. */
export function encodeText(vsn: Vsn, msg: Message, payloadJson?: string): string {
  const payload = payloadJson ?? JSON.stringify(msg.payload);
  if (vsn === '2.0.0') {
    return `[${JSON.stringify(msg.join_ref)},${JSON.stringify(msg.ref)},${JSON.stringify(msg.topic)},${JSON.stringify(msg.event)},${payload}]`;
  }
  return `{"topic":${JSON.stringify(msg.topic)},"event":${JSON.stringify(msg.event)},"payload":${payload},"ref":${JSON.stringify(msg.ref)},"join_ref":${JSON.stringify(msg.join_ref)}}`;
}

/** Kind-4 frame: the only binary frame realtime-js decodes. Used for raw-byte broadcasts. */
export function encodeBinaryBroadcast(topic: string, event: string, payload: Buffer, json: boolean): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(event, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255) throw new ProtocolError('topic or event too long');
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0,
    json ? ENCODING_JSON : ENCODING_BINARY,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, payload]);
}
