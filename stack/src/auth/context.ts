/** What every auth route receives, and the request helpers they share. */
import type pg from 'pg';
import { readBody, HttpError } from '../gateway/http.ts';
import { JwtError, signJwt, verifyJwt } from '../gateway/jwt.ts';
import type { ServiceContext } from '../gateway/server.ts';
import type { config } from '../config.ts';
import { accessTokenClaims, sessionResponse, type SessionInfo } from './claims.ts';
import type { Db } from './db.ts';
import { errors } from './errors.ts';
import type { AuthLimiters } from './rate-limit.ts';
import { findSession } from './sessions.ts';
import { isUuid } from './validation.ts';
import { loadUser } from './users.ts';
import type { IdentityRow, Json, UserRow } from './user-json.ts';

export type AuthSettings = typeof config.auth & { issuer: string; apiUrl: string };

export interface AuthEnv {
  pool: pg.Pool;
  settings: AuthSettings;
  limiters: AuthLimiters;
  /** When the last email of each kind went to each address (`kind:address` → ms), for max_frequency. */
  emailLog: Map<string, number>;
}

export interface RouteContext extends ServiceContext {
  env: AuthEnv;
}

export type Route = (ctx: RouteContext, params: string[]) => Promise<void>;

/** Parses the JSON body; GoTrue answers 400 bad_json for anything that is not a JSON object. */
export async function readJson(ctx: RouteContext, options: { optional?: boolean } = {}): Promise<Json> {
  const raw = (await readBody(ctx.req, 1024 * 1024)).toString('utf8');
  if (raw.trim() === '' && options.optional) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw errors.badJson(raw.trim() === '' ? 'unexpected end of JSON input' : (error as Error).message);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw errors.badJson('json: cannot unmarshal into Go value of type object');
  }
  return value as Json;
}

export function userAgent(ctx: RouteContext): string | null {
  const value = ctx.req.headers['user-agent'];
  return typeof value === 'string' && value ? value : null;
}

function ipOf(ctx: RouteContext): string | null {
  return ctx.ip || null;
}

export function sessionMeta(ctx: RouteContext): { ip: string | null; userAgent: string | null } {
  return { ip: ipOf(ctx), userAgent: userAgent(ctx) };
}

/** Verifies the bearer JWT with GoTrue's error mapping. */
export async function bearerClaims(ctx: RouteContext): Promise<Json> {
  if (!ctx.bearer) throw errors.noAuthorization();
  try {
    return (await verifyJwt(ctx.bearer)) as Json;
  } catch (error) {
    if (error instanceof JwtError && error.reason === 'expired') {
      throw errors.badJwt(
        'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
      );
    }
    const detail = error instanceof Error ? error.message : 'invalid token';
    throw errors.badJwt(`invalid JWT: unable to parse or verify signature, ${detail}`);
  }
}

export interface Authenticated {
  claims: Json;
  user: UserRow;
  identities: IdentityRow[];
  session: SessionInfo | null;
}

/** GoTrue's requireAuthentication: a valid user JWT whose user and session still exist. */
export async function requireUser(ctx: RouteContext, db: Db = ctx.env.pool): Promise<Authenticated> {
  const claims = await bearerClaims(ctx);
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') throw errors.badJwt('invalid claim: missing sub claim');
  if (!isUuid(sub)) throw new HttpError(400, { code: 'bad_jwt', message: 'invalid claim: sub claim must be a UUID' });
  const loaded = await loadUser(db, sub);
  if (!loaded) throw errors.userNotFoundFromJwt();
  let session: SessionInfo | null = null;
  const sessionId = claims.session_id;
  if (typeof sessionId === 'string' && sessionId !== '' && sessionId !== '00000000-0000-0000-0000-000000000000') {
    if (!isUuid(sessionId)) throw errors.badJwt('invalid claim: session_id claim must be a UUID');
    session = await findSession(db, sessionId);
    if (!session) throw errors.sessionNotFound();
  }
  if (loaded.user.is_banned) throw errors.userBanned();
  return { claims, user: loaded.user, identities: loaded.identities, session };
}

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

export async function requireAdmin(ctx: RouteContext): Promise<Json> {
  const claims = await bearerClaims(ctx);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) throw errors.notAdmin();
  return claims;
}

/** Signs an access token for the session and builds the response body. */
export async function issueSession(
  env: AuthEnv,
  user: UserRow,
  identities: IdentityRow[],
  session: SessionInfo,
  refreshToken: string,
): Promise<Json> {
  const settings = { issuer: env.settings.issuer, jwtExpiry: env.settings.jwtExpiry };
  const claims = accessTokenClaims(user, session, settings, Math.floor(Date.now() / 1000));
  const accessToken = await signJwt(claims);
  return sessionResponse(accessToken, refreshToken, claims, settings, user, identities);
}

export function takeOrThrow(limiter: { take(key: string): boolean }, key: string): void {
  if (!limiter.take(key)) throw errors.rateLimited();
}
