/** POST /token: the password and refresh_token grants. */
import { sendJson } from '../../gateway/http.ts';
import { issueSession, readJson, sessionMeta, takeOrThrow, type RouteContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { authError, errors, oauthError } from '../errors.ts';
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
  if (grantType === 'id_token') return idTokenGrant(ctx);
  if (grantType === 'web3') return web3Grant(ctx);
  // GoTrue's Token handler: any other grant is a 400 invalid_credentials.
  throw authError(400, 'invalid_credentials', 'unsupported_grant_type');
}

/**
 * Sign in with Solana or Ethereum: off unless `[auth.web3.<chain>] enabled` (GoTrue's Web3Grant;
 * this stack verifies no wallet signatures, so on it says it does not provide them).
 */
async function web3Grant(ctx: RouteContext): Promise<void> {
  const { web3 } = ctx.env.settings.features;
  if (!web3.solana && !web3.ethereum) throw authError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
  const body = await readJson(ctx);
  const chain = stringField(body, 'chain') ?? '';
  if (chain === 'solana' && !web3.solana) {
    throw authError(422, 'web3_provider_disabled', 'Solana Web3 provider is disabled');
  }
  if (chain === 'ethereum' && !web3.ethereum) {
    throw authError(422, 'web3_provider_disabled', 'Ethereum Web3 provider is disabled');
  }
  if (chain !== 'solana' && chain !== 'ethereum') throw authError(400, 'web3_unsupported_chain', 'Unsupported chain');
  throw errors.notProvided('Web3 sign-in');
}

/** The issuers GoTrue knows each OIDC provider by (internal/api/provider). */
const ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
};
const APPLE_ISSUERS = ['https://appleid.apple.com', 'https://account.apple.com'];

/** The `iss` claim of a JWT, read without verifying it (GoTrue's issuer detection). */
function unverifiedIssuer(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: unknown };
    return typeof claims.iss === 'string' ? claims.iss : null;
  } catch {
    return null;
  }
}

/** Go's %q of a string: quoted, with Go's escapes (JSON's are the same for these values). */
const goQuote = (value: string): string => JSON.stringify(value);

/**
 * Sign in with an OIDC provider's ID token (auth-js signInWithIdToken): GoTrue's IdTokenGrant
 * finds the provider by name or issuer and refuses it while `[auth.external.<provider>]` is off.
 */
async function idTokenGrant(ctx: RouteContext): Promise<void> {
  const body = await readJson(ctx);
  const idToken = stringField(body, 'id_token') ?? '';
  const provider = stringField(body, 'provider') ?? '';
  const issuerParam = stringField(body, 'issuer') ?? '';
  const clientId = stringField(body, 'client_id') ?? '';
  if (idToken === '') throw oauthError('invalid request', 'id_token required');
  if (provider === '' && (clientId === '' || issuerParam === '')) {
    throw oauthError('invalid request', 'provider or client_id and issuer required');
  }
  const enabled = ctx.env.settings.features.externalProviders;
  let name: string;
  let issuer: string;
  if (provider === 'apple' || APPLE_ISSUERS.includes(issuerParam)) {
    const detected = unverifiedIssuer(idToken);
    if (detected === null) throw errors.validation('Unable to detect issuer in ID token for Apple provider');
    if (!APPLE_ISSUERS.includes(detected)) {
      throw errors.validation('Detected ID token issuer is not an Apple ID token issuer');
    }
    if (issuerParam !== '' && issuerParam !== detected) {
      throw errors.validation('Provided issuer does not match ID token issuer');
    }
    [name, issuer] = ['apple', detected];
  } else if (provider === 'azure' || issuerParam.startsWith('https://login.microsoftonline.com/')) {
    const detected = unverifiedIssuer(idToken);
    if (detected === null) throw errors.validation('Unable to detect issuer in ID token for Azure provider');
    if (
      !detected.startsWith('https://login.microsoftonline.com/') &&
      !detected.startsWith('https://sts.windows.net/')
    ) {
      throw errors.validation('Detected ID token issuer is not an Azure ID token issuer');
    }
    if (issuerParam !== '' && issuerParam !== detected) {
      throw errors.validation('Provided issuer does not match ID token issuer');
    }
    [name, issuer] = ['azure', detected];
  } else {
    const known = Object.entries(ISSUERS).find(([p, iss]) => provider === p || issuerParam === iss);
    if (known) [name, issuer] = known;
    else if (provider === 'keycloak') [name, issuer] = ['keycloak', ''];
    else if (provider.startsWith('custom:')) throw errors.validation('Custom OAuth providers are disabled');
    else throw errors.validation(`Custom OIDC provider ${goQuote(provider)} not allowed`);
  }
  if (enabled[name] !== true) {
    throw authError(400, 'provider_disabled', `Provider (issuer ${goQuote(issuer)}) is not enabled`);
  }
  throw errors.notProvided(`Sign-in with ${name} ID tokens`);
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
