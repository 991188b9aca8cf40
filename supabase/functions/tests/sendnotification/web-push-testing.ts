// Test helpers (imported only by *.test.ts): browser-side subscriptions made with WebCrypto, and a
// fake push service that reads the VAPID header and decrypts each body the way the browser would
// (RFC 8291 key derivation, one RFC 8188 aes128gcm record), so tests see what a device would show.
import type { FakeHandler, FakeWebPushSubscription, RecordedRequest } from '../_shared/testing.ts';

const enc = new TextEncoder();
type Bytes = Uint8Array<ArrayBuffer>;

export function base64url(bytes: Bytes): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64url(text: string): Bytes {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A browser's subscription: what it stores server-side, plus the private half it keeps. */
export interface FakeDevice extends FakeWebPushSubscription {
  privateKey: CryptoKey;
  publicRaw: Bytes;
  authRaw: Bytes;
}

export async function makeDevice(id: string, endpoint: string): Promise<FakeDevice> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const publicRaw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const authRaw = crypto.getRandomValues(new Uint8Array(16));
  return {
    id,
    endpoint,
    p256dh: base64url(publicRaw),
    auth: base64url(authRaw),
    privateKey: pair.privateKey,
    publicRaw,
    authRaw,
  };
}

async function hkdf(ikm: Bytes, salt: Bytes, info: Bytes, bytes: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

const concat = (...parts: Bytes[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** The plaintext of an aes128gcm body sent to this device (single record, as web-push sends). */
export async function decrypt(device: FakeDevice, body: Bytes): Promise<string> {
  const salt = body.slice(0, 16);
  const idlen = body[20] ?? 0;
  const senderRaw = body.slice(21, 21 + idlen);
  const record = body.slice(21 + idlen);
  const sender = await crypto.subtle.importKey('raw', senderRaw, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: sender }, device.privateKey, 256),
  );
  const ikm = await hkdf(
    shared,
    device.authRaw,
    concat(enc.encode('WebPush: info\0'), device.publicRaw, senderRaw),
    32,
  );
  const cek = await hkdf(ikm, salt, enc.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(ikm, salt, enc.encode('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, record));
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('last record must end with the 0x02 delimiter');
  return new TextDecoder().decode(plain.slice(0, end));
}

/** The claims of the VAPID JWT in `Authorization: vapid t=…, k=…` (signature not checked here). */
export function vapidOf(req: RecordedRequest): { key: string; claims: { aud?: string; exp?: number; sub?: string } } {
  const header = req.headers.get('authorization') ?? '';
  const t = /t=([^,\s]+)/.exec(header)?.[1] ?? '';
  const k = /k=([^,\s]+)/.exec(header)?.[1] ?? '';
  const claims = JSON.parse(new TextDecoder().decode(fromBase64url(t.split('.')[1] ?? ''))) as {
    aud?: string;
    exp?: number;
  };
  return { key: k, claims };
}

/**
 * A push service: `/push/<id>` answers 201, ids in `gone` 410 (an expired subscription), ids
 * starting with `redirect` a 307 to `/push/landed`.
 */
export function fakePushService(gone: readonly string[] = []): FakeHandler {
  return (req) => {
    const id = req.url.pathname.split('/').pop() ?? '';
    if (gone.includes(id)) return new Response('{"errno":106}', { status: 410 });
    if (id.startsWith('redirect')) return new Response(null, { status: 307, headers: { Location: '/push/landed' } });
    return new Response(null, { status: 201, headers: { Location: `/message/${id}` } });
  };
}
