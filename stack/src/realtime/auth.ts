/** Channel access tokens, checked and worded as Supabase Realtime does (ChannelsAuthorization). */
import { decodeJwt, type JWTPayload } from 'jose';
import { JwtError, verifyJwt } from '../gateway/jwt.ts';

export type Claims = JWTPayload & { role: string; exp: number };

export type TokenResult = { ok: true; claims: Claims } | { ok: false; code: string; message: string };

export async function checkAccessToken(token: string): Promise<TokenResult> {
  const cleaned = token.replace(/\s/g, '');
  let peeked: JWTPayload;
  try {
    peeked = decodeJwt(cleaned);
  } catch {
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  try {
    const claims = await verifyJwt(cleaned);
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
      return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
    }
    return { ok: true, claims: claims as Claims };
  } catch (error) {
    if (error instanceof JwtError && error.reason === 'expired') {
      const ago = Math.floor(Date.now() / 1000) - (typeof peeked.exp === 'number' ? peeked.exp : 0);
      return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${ago} seconds ago` };
    }
    return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
  }
}
