/** POST /token: the password and refresh_token grants. */
import { sendJson } from '../../gateway/http.ts';
import { issueSession, readJson, sessionMeta, takeOrThrow, type RouteContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { errors, oauthError } from '../errors.ts';
import {
  activeTokenOfSession,
  createSession,
  lockRefreshToken,
  revokeTokenFamily,
  swapRefreshToken,
  touchSession,
} from '../sessions.ts';
import { findUserByEmail, findUserByPhone, loadUser, markSignedIn, verifyPassword } from '../users.ts';
import { stringField, validatePhone } from '../validation.ts';
import { exchangeFlowCode } from '../pkce.ts';
import type { HttpError } from '../../gateway/http.ts';

export async function token(ctx: RouteContext): Promise<void> {
  const grantType = ctx.url.searchParams.get('grant_type');
  if (grantType === 'password') return passwordGrant(ctx);
  if (grantType === 'refresh_token') return refreshTokenGrant(ctx);
  if (grantType === 'pkce') return pkceGrant(ctx);
  throw oauthError('unsupported_grant_type', '');
}

async function passwordGrant(ctx: RouteContext): Promise<void> {
  const { pool, limiters } = ctx.env;
  takeOrThrow(limiters.signInSignUps, ctx.ip);
  const body = await readJson(ctx);
  const email = (stringField(body, 'email') ?? '').trim().toLowerCase();
  const phone = stringField(body, 'phone') ?? '';
  const password = stringField(body, 'password') ?? '';
  if (email !== '' && phone !== '') {
    throw errors.validation('Only an email address or phone number should be provided on login.');
  }
  if (email === '' && phone === '') throw errors.validation('missing email or phone');

  const attemptKey = email !== '' ? `email:${email}` : `phone:${phone}`;
  if (limiters.failedSignIns.isExhausted(attemptKey)) throw errors.rateLimited();
  const failed = (error: HttpError): never => {
    limiters.failedSignIns.record(attemptKey);
    throw error;
  };

  let normalisedPhone = '';
  if (phone !== '') {
    try {
      normalisedPhone = validatePhone(phone);
    } catch {
      return failed(errors.invalidCredentials());
    }
  }
  const user = email !== '' ? await findUserByEmail(pool, email) : await findUserByPhone(pool, normalisedPhone);
  if (!user || !user.has_password) return failed(errors.invalidCredentials());
  if (user.is_banned) throw errors.userBannedLogin();
  if (!(await verifyPassword(pool, user.id, password))) return failed(errors.invalidCredentials());
  if (email !== '' && !user.email_confirmed_at) throw errors.emailNotConfirmed();
  if (phone !== '' && !user.phone_confirmed_at) throw errors.phoneNotConfirmed();
  limiters.failedSignIns.reset(attemptKey);

  const response = await inTransaction(pool, async (tx) => {
    await markSignedIn(tx, user.id);
    const { session, refreshToken } = await createSession(tx, user.id, sessionMeta(ctx));
    const loaded = await loadUser(tx, user.id);
    if (!loaded) throw errors.invalidCredentials();
    return issueSession(ctx.env, loaded.user, loaded.identities, session, refreshToken);
  });
  sendJson(ctx.res, 200, response);
}

/** PKCE: the code an emailed link's redirect carried, with the verifier the browser kept. */
async function pkceGrant(ctx: RouteContext): Promise<void> {
  const { pool } = ctx.env;
  const body = await readJson(ctx);
  const response = await inTransaction(pool, async (tx) => {
    const { userId } = await exchangeFlowCode(
      tx,
      stringField(body, 'auth_code') ?? '',
      stringField(body, 'code_verifier') ?? '',
    );
    await markSignedIn(tx, userId);
    const { session, refreshToken } = await createSession(tx, userId, sessionMeta(ctx));
    const loaded = await loadUser(tx, userId);
    if (!loaded) throw errors.userNotFound();
    return issueSession(ctx.env, loaded.user, loaded.identities, session, refreshToken);
  });
  sendJson(ctx.res, 200, response);
}

/**
 * Rotation as in GoTrue: a revoked token that is the parent of the session's active token gets
 * that active token back (the client lost the last response); any other revoked token is allowed
 * within the reuse interval and otherwise revokes the whole family.
 */
async function refreshTokenGrant(ctx: RouteContext): Promise<void> {
  const { pool, limiters, settings } = ctx.env;
  takeOrThrow(limiters.tokenRefresh, ctx.ip);
  const body = await readJson(ctx);
  const presented = stringField(body, 'refresh_token') ?? '';
  if (presented === '') throw oauthError('invalid_request', 'refresh_token required');

  const outcome = await inTransaction(pool, async (tx) => {
    const row = await lockRefreshToken(tx, presented);
    if (!row || !row.session_id || !row.session_exists) return { error: errors.refreshTokenNotFound() };
    const loaded = await loadUser(tx, row.user_id);
    if (!loaded) return { error: errors.refreshTokenNotFound() };
    if (loaded.user.is_banned) return { error: errors.refreshUserBanned() };
    if (row.session_expired) return { error: errors.sessionExpired() };

    let issued: string | null = null;
    if (row.revoked) {
      const active = await activeTokenOfSession(tx, row.session_id);
      if (active && active.parent === row.token) {
        issued = active.token;
      } else if (row.age_seconds > settings.refreshTokenReuseInterval) {
        if (settings.refreshTokenRotation) await revokeTokenFamily(tx, row.session_id);
        // Committed on purpose: the family stays revoked although the request fails.
        return { error: errors.refreshTokenAlreadyUsed() };
      }
    }
    if (issued === null) issued = await swapRefreshToken(tx, row);
    await touchSession(tx, row.session_id, sessionMeta(ctx));
    const session = { id: row.session_id, authenticatedAt: Number(row.session_created_at ?? 0) };
    return { body: await issueSession(ctx.env, loaded.user, loaded.identities, session, issued) };
  });
  if ('error' in outcome) throw outcome.error;
  sendJson(ctx.res, 200, outcome.body);
}
