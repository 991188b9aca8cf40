/** HS256 JWTs with the local project secret, as GoTrue issues and PostgREST verifies them. */
import { jwtVerify, SignJWT, errors, type JWTPayload } from 'jose';
import { JWT_SECRET } from '../config.ts';

const secret = new TextEncoder().encode(JWT_SECRET);

export type VerifyFailure = 'expired' | 'invalid';

export class JwtError extends Error {
  constructor(
    readonly reason: VerifyFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Verified tokens are cached until they expire: verification sits on every request's hot path. */
const cache = new Map<string, { payload: JWTPayload; exp: number }>();
const CACHE_LIMIT = 5000;

export async function verifyJwt(token: string): Promise<JWTPayload> {
  const now = Math.floor(Date.now() / 1000);
  const cached = cache.get(token);
  if (cached && cached.exp > now) return cached.payload;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], clockTolerance: 0 });
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(token, { payload, exp: typeof payload.exp === 'number' ? payload.exp : now + 60 });
    return payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    throw new JwtError('invalid', error instanceof Error ? error.message : 'invalid JWT');
  }
}

export async function signJwt(payload: JWTPayload): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}
