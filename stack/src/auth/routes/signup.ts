/** POST /signup: email/phone sign-up and anonymous sign-in, each all-or-nothing in one transaction. */
import { randomUUID } from 'node:crypto';
import { sendJson } from '../../gateway/http.ts';
import { issueSession, readJson, sessionMeta, takeOrThrow, type RouteContext } from '../context.ts';
import { inTransaction, type Db } from '../db.ts';
import { checkEmailFrequency, sendAuthEmail } from '../mailer.ts';
import { issueToken } from '../one-time-tokens.ts';
import { savePkceChallenge } from '../pkce.ts';
import { redirectTarget, siteUrl } from '../redirects.ts';
import { verifyLink } from './recover.ts';
import { errors, uniqueViolationOf } from '../errors.ts';
import { createSession } from '../sessions.ts';
import { DEFAULT_AUD, DEFAULT_ROLE, userJson, type Json, type UserRow } from '../user-json.ts';
import {
  emailIdentityData,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertIdentity,
  insertUser,
  loadUser,
} from '../users.ts';
import { checkPasswordStrength, objectField, stringField, validateEmail, validatePhone } from '../validation.ts';

/**
 * The sign-up confirmation email (also sent again by /resend): its link lands on the redirect the
 * app asked for (auth-js' emailRedirectTo) and confirms the address.
 */
export async function sendConfirmation(ctx: RouteContext, db: Db, userId: string, email: string): Promise<void> {
  const { settings } = ctx.env;
  const redirectTo = redirectTarget(settings, ctx.url.searchParams.get('redirect_to'));
  const token = await issueToken(db, userId, 'confirmation', email, settings.otpLength);
  const user = await findUserById(db, userId);
  await sendAuthEmail(ctx.env, 'confirmation', email, {
    Data: user?.raw_user_meta_data,
    ConfirmationURL: verifyLink(token.hash, 'signup', redirectTo),
    Token: token.code,
    TokenHash: token.hash,
    SiteURL: siteUrl(settings),
    Email: email,
    RedirectTo: redirectTo,
  });
}

/** Failures inside project triggers on auth.users surface as GoTrue's generic 500. */
function databaseFailure(error: unknown): never {
  if (error instanceof Error && 'code' in error && typeof (error as { code: unknown }).code === 'string') {
    throw errors.unexpected('Database error saving new user');
  }
  throw error;
}

export async function signup(ctx: RouteContext): Promise<void> {
  const { settings, limiters, pool } = ctx.env;
  const body = await readJson(ctx);
  const email = stringField(body, 'email') ?? '';
  const phone = stringField(body, 'phone') ?? '';
  const data = objectField(body, 'data') ?? {};

  if (email === '' && phone === '') {
    if (!settings.enableAnonymousSignIns) throw errors.anonymousDisabled();
    takeOrThrow(limiters.signInSignUps, ctx.ip);
    return signupAnonymously(ctx, data);
  }
  takeOrThrow(limiters.signInSignUps, ctx.ip);
  if (!settings.enableSignup) throw errors.signupDisabled();

  const password = stringField(body, 'password') ?? '';
  if (password === '') throw errors.validation('Signup requires a valid password');
  checkPasswordStrength(password, settings.minimumPasswordLength, settings.passwordRequirements);
  if (email !== '' && phone !== '') {
    throw errors.validation('Only an email address or phone number should be provided on signup.');
  }
  const provider: 'email' | 'phone' = email !== '' ? 'email' : 'phone';
  // The local stack has no SMS provider, as with `[auth.sms] enable_signup = false`.
  if (provider === 'phone') {
    validatePhone(phone);
    throw errors.phoneProviderDisabled();
  }
  const normalisedEmail = validateEmail(email);

  // Hash before looking the email up: a repeated sign-up costs the same bcrypt work as a new one,
  // so the response time does not tell which branch ran.
  const encryptedPassword = await hashPassword(pool, password);
  const existing = await findUserByEmail(pool, normalisedEmail);
  if (existing) return repeatedSignup(ctx, existing, data);

  const autoconfirm = !settings.enableConfirmations;
  const result = await inTransaction(pool, async (tx) => {
    const userId = randomUUID();
    try {
      await insertUser(tx, {
        id: userId,
        email: normalisedEmail,
        phone: null,
        encryptedPassword,
        emailConfirmed: autoconfirm,
        phoneConfirmed: false,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: { ...data, ...emailIdentityData(userId, normalisedEmail, autoconfirm) },
        role: DEFAULT_ROLE,
        aud: DEFAULT_AUD,
        isAnonymous: false,
        bannedUntilMs: null,
        signedIn: autoconfirm,
        confirmationSent: !autoconfirm,
      });
    } catch (error) {
      // Another request created the account in between: answer as a repeated sign-up below.
      if (uniqueViolationOf(error) === 'email') return { raced: true as const };
      return databaseFailure(error);
    }
    await insertIdentity(tx, userId, 'email', emailIdentityData(userId, normalisedEmail, autoconfirm), autoconfirm);
    if (!autoconfirm) {
      checkEmailFrequency(ctx.env, 'confirmation', normalisedEmail);
      await savePkceChallenge(tx, body, userId, 'signup');
      await sendConfirmation(ctx, tx, userId, normalisedEmail);
    }
    const loaded = await loadUser(tx, userId);
    if (!loaded) throw errors.unexpected('Database error saving new user');
    if (!autoconfirm) return { body: userJson(loaded.user, loaded.identities) };
    const { session, refreshToken } = await createSession(tx, userId, sessionMeta(ctx));
    return { body: await issueSession(ctx.env, loaded.user, loaded.identities, session, refreshToken) };
  });
  if ('raced' in result) {
    const winner = await findUserByEmail(pool, normalisedEmail);
    if (!winner) throw errors.unexpected('Database error saving new user');
    return repeatedSignup(ctx, winner, data);
  }
  sendJson(ctx.res, 200, result.body);
}

/**
 * A sign-up for an email that already has an account. The answer depends only on the settings,
 * never on the password given or on the account (company or staff, confirmed or not):
 * - autoconfirm (confirmations off, our config): GoTrue's 422 user_already_exists. GoTrue would
 *   instead confirm an unconfirmed account and sign the caller in without its password; the stack
 *   refuses that too, so the answer does not reveal whether the account is confirmed.
 * - confirmations on: GoTrue's obfuscation, 200 with a made-up user in the shape of a new
 *   unconfirmed one (fresh id, no session, empty identities) and nothing written.
 */
function repeatedSignup(ctx: RouteContext, existing: UserRow, data: Record<string, unknown>): void {
  if (!ctx.env.settings.enableConfirmations) throw errors.userAlreadyExists();
  sendJson(ctx.res, 200, obfuscatedUser(existing.email ?? '', data));
}

/**
 * GoTrue's sanitizeUser: what a repeated sign-up answers while confirmations are on. It has the
 * keys of a new unconfirmed user (GoTrue's own tells, `role: ''` and empty identities, stay).
 */
export function obfuscatedUser(email: string, data: Record<string, unknown>): Json {
  const now = new Date().toISOString();
  const id = randomUUID();
  return {
    id,
    aud: DEFAULT_AUD,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { ...data, ...emailIdentityData(id, email, false) },
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

async function signupAnonymously(ctx: RouteContext, data: Record<string, unknown>): Promise<void> {
  const { pool } = ctx.env;
  const body = await inTransaction(pool, async (tx) => {
    let userId: string;
    try {
      userId = await insertUser(tx, {
        email: null,
        phone: null,
        encryptedPassword: '',
        emailConfirmed: false,
        phoneConfirmed: false,
        appMetadata: {},
        userMetadata: data,
        role: DEFAULT_ROLE,
        aud: DEFAULT_AUD,
        isAnonymous: true,
        bannedUntilMs: null,
        signedIn: true,
        confirmationSent: false,
      });
    } catch (error) {
      return databaseFailure(error);
    }
    const loaded = await loadUser(tx, userId);
    if (!loaded) throw errors.unexpected('Database error saving new user');
    const { session, refreshToken } = await createSession(tx, userId, sessionMeta(ctx));
    return issueSession(ctx.env, loaded.user, loaded.identities, session, refreshToken);
  });
  sendJson(ctx.res, 200, body);
}
