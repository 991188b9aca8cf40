/** auth.sessions and auth.refresh_tokens: creation, rotation with GoTrue's reuse rules, revocation. */
import { randomInt } from 'node:crypto';
import { iso, type Db } from './db.ts';
import type { SessionInfo } from './claims.ts';

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** GoTrue's refresh tokens: 12 random lower-case alphanumerics. */
export function newRefreshTokenString(): string {
  let out = '';
  for (let i = 0; i < 12; i += 1) out += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return out;
}

export async function createSession(
  db: Db,
  userId: string,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ session: SessionInfo; refreshToken: string }> {
  const { rows } = await db.query<{ id: string; at: string }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, ip, user_agent)
     values (extensions.gen_random_uuid(), $1, now(), now(), 'aal1', $2::inet, $3)
     returning id, extract(epoch from created_at)::bigint as at`,
    [userId, meta.ip, meta.userAgent],
  );
  const row = rows[0];
  if (!row) throw new Error('session insert returned nothing');
  const refreshToken = await insertRefreshToken(db, userId, row.id, null);
  return { session: { id: row.id, authenticatedAt: Number(row.at) }, refreshToken };
}

async function insertRefreshToken(db: Db, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshTokenString();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

export async function findSession(db: Db, sessionId: string): Promise<SessionInfo | null> {
  const { rows } = await db.query<{ id: string; at: string }>(
    'select id, extract(epoch from created_at)::bigint as at from auth.sessions where id = $1',
    [sessionId],
  );
  const row = rows[0];
  return row ? { id: row.id, authenticatedAt: Number(row.at) } : null;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  updated_at: string;
  /** Seconds since the token was last updated (revoked or created). */
  age_seconds: number;
  session_exists: boolean;
  session_expired: boolean;
  session_created_at: string | null;
}

/** Locks the token row so concurrent refreshes of one token are serialised. */
export async function lockRefreshToken(db: Db, token: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query<RefreshTokenRow>(
    `select rt.id::text, rt.token, rt.user_id, coalesce(rt.revoked, false) as revoked, rt.parent, rt.session_id,
            ${iso('rt.updated_at')},
            extract(epoch from (now() - rt.updated_at))::double precision as age_seconds,
            s.id is not null as session_exists,
            coalesce(s.not_after < now(), false) as session_expired,
            extract(epoch from s.created_at)::bigint::text as session_created_at
       from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
      where rt.token = $1
      for update of rt`,
    [token],
  );
  return rows[0] ?? null;
}

export async function activeTokenOfSession(
  db: Db,
  sessionId: string,
): Promise<{ token: string; parent: string | null } | null> {
  const { rows } = await db.query<{ token: string; parent: string | null }>(
    `select token, parent from auth.refresh_tokens
      where session_id = $1 and revoked = false order by id desc limit 1`,
    [sessionId],
  );
  return rows[0] ?? null;
}

/** Revokes `old` and issues its child (GoTrue's GrantRefreshTokenSwap). */
export async function swapRefreshToken(db: Db, old: RefreshTokenRow): Promise<string> {
  await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint', [old.id]);
  if (!old.session_id) throw new Error('refresh token without a session');
  return insertRefreshToken(db, old.user_id, old.session_id, old.token);
}

/** Revokes every live token of the session: a reused token means the family may be stolen. */
export async function revokeTokenFamily(db: Db, sessionId: string): Promise<void> {
  await db.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
    [sessionId],
  );
}

export async function touchSession(
  db: Db,
  sessionId: string,
  meta: { ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.query(
    "update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now(), ip = $2::inet, user_agent = $3 where id = $1",
    [sessionId, meta.ip, meta.userAgent],
  );
}

export type LogoutScope = 'global' | 'local' | 'others';

export async function logout(db: Db, userId: string, sessionId: string | null, scope: LogoutScope): Promise<void> {
  if (scope === 'local' && sessionId) {
    await db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (scope === 'others' && sessionId) {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else if (scope !== 'others') {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}

/** After a password change every other session must sign in again (GoTrue's UpdatePassword). */
export async function logoutOthers(db: Db, userId: string, keepSessionId: string | null): Promise<void> {
  if (keepSessionId) await logout(db, userId, keepSessionId, 'others');
  else await logout(db, userId, null, 'global');
}
