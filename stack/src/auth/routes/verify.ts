/**
 * /verify: an emailed link (GET, redirects to the app with the session in the URL fragment, or a
 * PKCE code in the query) or a typed code / token hash (POST, as supabase-js' verifyOtp; answers
 * with the session). A token works once and only within otp_expiry of its email.
 */
import type { ServerResponse } from 'node:http';
import { send, sendJson } from '../../gateway/http.ts';
import { issueSession, readJson, sessionMeta, takeOrThrow, type RouteContext } from '../context.ts';
import { inTransaction, type Db } from '../db.ts';
import { authError, errors } from '../errors.ts';
import { notificationEnabled } from '../email-templates.ts';
import { sendNotice } from '../mailer.ts';
import { clearToken, findToken, tokenHash, type TokenKind, type TokenMatch } from '../one-time-tokens.ts';
import { issueFlowCode } from '../pkce.ts';
import { redirectTarget } from '../redirects.ts';
import { createSession } from '../sessions.ts';
import { findUserById, loadUser, markSignedIn, updateIdentityData, updateUser } from '../users.ts';
import { stringField, validateEmail, validatePhone } from '../validation.ts';
import type { Json } from '../user-json.ts';

const KINDS: Record<string, readonly TokenKind[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email: ['confirmation', 'recovery'],
  email_change: ['email_change_new', 'email_change_current'],
};

const OTHER_EMAIL_PENDING = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

type Outcome =
  { kind: 'session'; body: Json; userId: string } | { kind: 'pending'; message: string } | { kind: 'failed' };

const invalidOtp = () => authError(403, 'otp_expired', 'Token has expired or is invalid');

async function applyVerification(ctx: RouteContext, tx: Db, match: TokenMatch, type: string): Promise<Outcome> {
  const { settings } = ctx.env;
  if (match.ageSeconds > settings.otpExpirySeconds) return { kind: 'failed' };
  await clearToken(tx, match.userId, match.kind);
  const user = await findUserById(tx, match.userId, true);
  if (!user) return { kind: 'failed' };

  if (match.kind === 'email_change_new' || match.kind === 'email_change_current') {
    const { rows } = await tx.query<{ pending_other: boolean; old_email: string | null; new_email: string }>(
      `select (email_change_token_new <> '' or email_change_token_current <> '') as pending_other,
              email as old_email, email_change as new_email
         from auth.users where id = $1`,
      [user.id],
    );
    const state = rows[0];
    if (!state || !state.new_email) return { kind: 'failed' };
    if (state.pending_other) return { kind: 'pending', message: OTHER_EMAIL_PENDING };
    await updateUser(tx, user.id, { email: state.new_email, confirmEmail: true });
    await tx.query(
      `update auth.users set email_change = '', email_change_sent_at = null, email_change_confirm_status = 0 where id = $1`,
      [user.id],
    );
    await updateIdentityData(tx, user.id, 'email', { email: state.new_email, email_verified: true });
    if (state.old_email && notificationEnabled(settings, 'email_changed')) {
      await sendNotice(ctx.env, 'email_changed', state.old_email, {
        Data: user.raw_user_meta_data,
        Email: state.new_email,
        OldEmail: state.old_email,
      });
    }
  } else if (!user.email_confirmed_at) {
    // A confirmation, and also a recovery or magic link: opening the email proves the address.
    await updateUser(tx, user.id, { confirmEmail: true });
    await updateIdentityData(tx, user.id, 'email', { email_verified: true });
  }
  if (type === 'invite')
    await tx.query('update auth.users set invited_at = coalesce(invited_at, now()) where id = $1', [user.id]);

  await markSignedIn(tx, user.id);
  const { session, refreshToken } = await createSession(tx, user.id, sessionMeta(ctx));
  const loaded = await loadUser(tx, user.id);
  if (!loaded) return { kind: 'failed' };
  const body = await issueSession(ctx.env, loaded.user, loaded.identities, session, refreshToken);
  return { kind: 'session', body, userId: user.id };
}

function redirect(res: ServerResponse, location: string): void {
  send(res, 303, null, { Location: location });
}

function withFragment(base: string, params: Record<string, string>): string {
  const url = base.split('#')[0] ?? base;
  return `${url}#${new URLSearchParams(params)}`;
}

/** GET /verify?token=&type=&redirect_to= : the link in the email. */
export async function verifyLink(ctx: RouteContext): Promise<void> {
  const { pool, settings, limiters } = ctx.env;
  takeOrThrow(limiters.tokenVerifications, ctx.ip);
  const type = ctx.url.searchParams.get('type') ?? '';
  const token = ctx.url.searchParams.get('token') ?? '';
  const target = redirectTarget(settings, ctx.url.searchParams.get('redirect_to'));
  const kinds = KINDS[type];
  if (!kinds || type === 'email') throw errors.validation('Unsupported verification type');

  const outcome = await inTransaction(pool, async (tx): Promise<Outcome & { flowCode?: string | null }> => {
    const match = await findToken(tx, kinds, token);
    if (!match) return { kind: 'failed' };
    const result = await applyVerification(ctx, tx, match, type);
    if (result.kind !== 'session') return result;
    return { ...result, flowCode: await issueFlowCode(tx, result.userId, type, settings.otpExpirySeconds) };
  });

  if (outcome.kind === 'failed') {
    return redirect(
      ctx.res,
      withFragment(target, {
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      }),
    );
  }
  if (outcome.kind === 'pending') return redirect(ctx.res, withFragment(target, { message: outcome.message }));
  if (outcome.flowCode) {
    const url = new URL(target);
    url.searchParams.set('code', outcome.flowCode);
    return redirect(ctx.res, url.toString());
  }
  const body = outcome.body as Record<string, unknown>;
  redirect(
    ctx.res,
    withFragment(target, {
      access_token: String(body.access_token),
      expires_at: String(body.expires_at),
      expires_in: String(body.expires_in),
      refresh_token: String(body.refresh_token),
      token_type: 'bearer',
      type,
    }),
  );
}

/**
 * POST /verify: supabase-js verifyOtp with { type, token_hash } or { type, email | phone, token },
 * checked in GoTrue's order (VerifyParams.Validate): a type, then exactly one of token and token
 * hash, then the address the code was sent to. No phone ever gets a code here (no SMS provider), so
 * `sms` and `phone_change` codes, like any code that matches nothing, are invalid.
 */
export async function verifyOtp(ctx: RouteContext): Promise<void> {
  const { pool, limiters } = ctx.env;
  takeOrThrow(limiters.tokenVerifications, ctx.ip);
  const body = await readJson(ctx);
  const type = stringField(body, 'type') ?? '';
  if (type === '') throw errors.validation('Verify requires a verification type');
  const givenHash = stringField(body, 'token_hash') ?? '';
  const code = (stringField(body, 'token') ?? '').trim();
  const rawEmail = (stringField(body, 'email') ?? '').trim();
  const rawPhone = (stringField(body, 'phone') ?? '').trim();
  if ((code === '' && givenHash === '') || (code !== '' && givenHash !== '')) {
    throw errors.validation('Verify requires either a token or a token hash');
  }
  let hash = givenHash;
  if (code !== '') {
    if (rawPhone !== '' && rawEmail === '') {
      hash = tokenHash(validatePhone(rawPhone), code);
    } else if (rawEmail !== '' && rawPhone === '') {
      let email: string;
      try {
        email = validateEmail(rawEmail);
      } catch {
        throw authError(422, 'validation_failed', 'Invalid email format');
      }
      hash = tokenHash(email, code);
    } else {
      throw errors.validation('Only an email address or phone number should be provided on verify');
    }
  } else if (rawEmail !== '' || rawPhone !== '' || stringField(body, 'redirect_to')) {
    throw errors.validation('Only the token_hash and type should be provided');
  }
  const kinds = KINDS[type] ?? [];

  const outcome = await inTransaction(pool, async (tx) => {
    const match = await findToken(tx, kinds, hash);
    return match ? applyVerification(ctx, tx, match, type) : ({ kind: 'failed' } as const);
  });
  if (outcome.kind === 'failed') throw invalidOtp();
  if (outcome.kind === 'pending') return sendJson(ctx.res, 200, { msg: outcome.message, code: 200 });
  sendJson(ctx.res, 200, outcome.body);
}
