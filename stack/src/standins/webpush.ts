/**
 * A Web Push service stand-in (RFC 8030 delivery, RFC 8291 message encryption, RFC 8292 VAPID):
 * what Chrome's FCM or Mozilla's autopush are to a browser, for the staff app and sendnotification.
 *
 *   POST   /webpush/subscribe           stands in for the browser registering with its push service:
 *                                       a P-256 key pair and auth secret are made and kept here, the
 *                                       answer is PushSubscription.toJSON()
 *   POST   /webpush/send/<id>           what an application server calls: VAPID checked, aes128gcm
 *                                       body decrypted with the kept keys, the push recorded; 201
 *   DELETE /webpush/subscriptions/<id>  the browser dropping the subscription (then sends get 410)
 *   GET    /webpush/pushes[?endpoint=]  recorded pushes, newest first; DELETE clears them
 *
 * Unlike a real push service it decrypts what it receives, so tests can read exactly what a device
 * would have shown.
 */
import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRawBody, sendJson } from './http.ts';

export interface WebPushSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface RecordedWebPush {
  id: string;
  receivedAt: string;
  endpointId: string;
  endpoint: string;
  ttl: number;
  urgency: string;
  topic?: string;
  /** The VAPID subject (`sub` claim) of the sender. */
  subject?: string;
  /** The decrypted body: parsed JSON when it is JSON, else the text. */
  payload: unknown;
}

interface Subscription {
  id: string;
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  createdAt: string;
}

/** RFC 8291 §4 and the push services' own limit on the encrypted body. */
const MAX_BODY = 4096;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
/** RFC 8292 §2: a JWT valid for more than 24 hours may be refused. */
const MAX_JWT_SECONDS = 24 * 60 * 60;

const b64url = (buf: Buffer): string => buf.toString('base64url');

export class WebPushError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Checks `Authorization: vapid t=<jwt>, k=<public key>` for the origin the push was sent to. */
export function verifyVapid(header: string | undefined, audience: string, now = Date.now()): { subject?: string } {
  if (!header) throw new WebPushError(401, 'Missing Authorization header: VAPID (vapid t=…, k=…) is required.');
  const match = /^vapid\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) throw new WebPushError(401, 'The Authorization header must use the vapid scheme (RFC 8292).');
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new WebPushError(401, 'The vapid Authorization header needs both t= and k=.');

  const [head, body, signature, extra] = token.split('.');
  if (!head || !body || !signature || extra !== undefined) throw new WebPushError(401, 'The VAPID token is not a JWT.');
  let header_: { alg?: unknown };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown };
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw new WebPushError(401, 'The VAPID token is not a JWT.');
  }
  if (header_.alg !== 'ES256') throw new WebPushError(403, 'The VAPID token must be signed with ES256.');

  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) {
    throw new WebPushError(403, 'The VAPID key (k=) must be an uncompressed P-256 public key.');
  }
  let valid: boolean;
  try {
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
      format: 'jwk',
    });
    valid = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    valid = false;
  }
  if (!valid) throw new WebPushError(403, 'The VAPID signature does not match the key (k=).');
  if (claims.aud !== audience) {
    throw new WebPushError(403, `The VAPID audience must be the push service's origin, ${audience}.`);
  }
  const seconds = now / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= seconds)
    throw new WebPushError(403, 'The VAPID token has expired.');
  if (claims.exp > seconds + MAX_JWT_SECONDS + 60) {
    throw new WebPushError(403, 'The VAPID token must expire within 24 hours.');
  }
  return typeof claims.sub === 'string' ? { subject: claims.sub } : {};
}

/** Undoes RFC 8291 (key derivation) over RFC 8188 aes128gcm (records) with the device's keys. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, publicKey: Buffer, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new WebPushError(400, 'The aes128gcm body is shorter than its header.');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  if (rs < 18) throw new WebPushError(400, 'The aes128gcm record size is too small.');
  if (idlen !== 65) throw new WebPushError(400, "The aes128gcm key id must be the sender's 65-byte public key.");
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length === 0) throw new WebPushError(400, 'The aes128gcm body has no records.');

  let shared: Buffer;
  try {
    shared = ecdh.computeSecret(senderKey);
  } catch {
    throw new WebPushError(400, 'The sender key in the aes128gcm header is not a P-256 point.');
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const parts: Buffer[] = [];
  const records = Math.ceil(ciphertext.length / rs);
  for (let i = 0; i < records; i++) {
    const record = ciphertext.subarray(i * rs, Math.min((i + 1) * rs, ciphertext.length));
    if (record.length < 17) throw new WebPushError(400, 'An aes128gcm record is too short.');
    const iv = Buffer.from(nonce);
    // The record sequence number XORs into the nonce's low bytes (RFC 8188 §2.3); i < 2^32 here.
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ i) >>> 0, 8);
    let plain: Buffer;
    try {
      const decipher = createDecipheriv('aes-128-gcm', cek, iv);
      decipher.setAuthTag(record.subarray(record.length - 16));
      plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new WebPushError(400, "The body could not be decrypted with this subscription's keys (RFC 8291).");
    }
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const delimiter = plain[end];
    const last = i === records - 1;
    if (delimiter !== (last ? 2 : 1)) throw new WebPushError(400, 'An aes128gcm record has a wrong padding delimiter.');
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts);
}

export class WebPushService {
  readonly subscriptions = new Map<string, Subscription>();
  /** Oldest first; the API lists newest first. */
  readonly pushes: RecordedWebPush[] = [];

  subscribe(baseUrl: string): WebPushSubscriptionJson {
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const id = randomBytes(16).toString('base64url');
    const auth = randomBytes(16);
    this.subscriptions.set(id, { id, ecdh, publicKey, auth, createdAt: new Date().toISOString() });
    return {
      endpoint: `${baseUrl}/webpush/send/${id}`,
      expirationTime: null,
      keys: { p256dh: b64url(publicKey), auth: b64url(auth) },
    };
  }

  unsubscribe(id: string): boolean {
    return this.subscriptions.delete(id);
  }

  list(endpoint?: string | null): RecordedWebPush[] {
    const all = [...this.pushes].reverse();
    return endpoint ? all.filter((p) => p.endpoint === endpoint || p.endpointId === endpoint) : all;
  }

  clear(): void {
    this.pushes.length = 0;
  }

  async handleSend(req: IncomingMessage, res: ServerResponse, id: string, baseUrl: string): Promise<void> {
    const fail = (status: number, message: string): void => {
      sendJson(res, status, { code: status, errno: status, error: reasonPhrase(status), message });
    };
    const body = await readRawBody(req);
    const subscription = this.subscriptions.get(id);
    if (!subscription) {
      fail(410, 'This push subscription has expired or was unsubscribed.');
      return;
    }
    const origin = req.headers.host ? `http://${req.headers.host}` : baseUrl;
    let vapid: { subject?: string };
    try {
      vapid = verifyVapid(req.headers.authorization, origin);
    } catch (error) {
      if (error instanceof WebPushError) return fail(error.status, error.message);
      throw error;
    }
    const ttlHeader = req.headers.ttl;
    if (typeof ttlHeader !== 'string' || !/^[0-9]+$/.test(ttlHeader.trim())) {
      return fail(400, 'The TTL header is required (seconds the push service may keep the message).');
    }
    const urgency = String(req.headers.urgency ?? 'normal').toLowerCase();
    if (!URGENCIES.has(urgency)) return fail(400, 'Urgency must be very-low, low, normal or high.');
    if (body.length > MAX_BODY) return fail(413, `The encrypted body must be at most ${MAX_BODY} bytes.`);

    let payload: unknown;
    if (body.length === 0) {
      payload = null;
    } else {
      if (String(req.headers['content-encoding'] ?? '').toLowerCase() !== 'aes128gcm') {
        return fail(415, 'Content-Encoding must be aes128gcm (RFC 8291).');
      }
      let plain: Buffer;
      try {
        plain = decryptAes128gcm(body, subscription.ecdh, subscription.publicKey, subscription.auth);
      } catch (error) {
        if (error instanceof WebPushError) return fail(error.status, error.message);
        throw error;
      }
      const text = plain.toString('utf8');
      try {
        payload = JSON.parse(text);
      } catch {
        payload = text;
      }
    }

    const topic = req.headers.topic;
    const push: RecordedWebPush = {
      id: randomUUID(),
      receivedAt: new Date().toISOString(),
      endpointId: id,
      endpoint: `${baseUrl}/webpush/send/${id}`,
      ttl: Number(ttlHeader.trim()),
      urgency,
      ...(typeof topic === 'string' ? { topic } : {}),
      ...(vapid.subject ? { subject: vapid.subject } : {}),
      payload,
    };
    this.pushes.push(push);
    res.writeHead(201, { Location: `${baseUrl}/webpush/message/${push.id}`, 'Content-Length': '0' });
    res.end();
  }
}

function reasonPhrase(status: number): string {
  return (
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      410: 'Gone',
      413: 'Payload Too Large',
      415: 'Unsupported Media Type',
    }[status] ?? 'Error'
  );
}
