/**
 * POST /otp with an email (auth-js signInWithOtp): a magic link and code to sign in. As GoTrue's
 * MagicLink: an unknown address is signed up first (with `data` as its metadata and a random
 * password), so the project's triggers on auth.users decide, exactly as on a hosted project; with
 * confirmations off the new account then gets the magic link, with them on its sign-up
 * confirmation (which signs in too). An account that has not confirmed its address gets the
 * confirmation. With `create_user: false` an unknown address is refused (otp_disabled).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sendJson } from '../../gateway/http.ts';
import { readJson, type RouteContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { authError, errors, uniqueViolationOf } from '../errors.ts';
import { checkEmailFrequency, sendAuthEmail } from '../mailer.ts';
import { issueToken } from '../one-time-tokens.ts';
import { savePkceChallenge } from '../pkce.ts';
import { redirectTarget, siteUrl } from '../redirects.ts';
import { DEFAULT_AUD, DEFAULT_ROLE, type Json, type UserRow } from '../user-json.ts';
import { emailIdentityData, findUserByEmail, hashPassword, insertIdentity, insertUser } from '../users.ts';
import { objectField, stringField, validateEmail } from '../validation.ts';
import { verifyLink } from './recover.ts';
import { sendConfirmation } from './signup.ts';

export async function otp(ctx: RouteContext): Promise<void> {
  const { pool, settings } = ctx.env;
  const body = await readJson(ctx);
  if (stringField(body, 'phone')) throw errors.phoneProviderDisabled();
  const email = validateEmail(stringField(body, 'email') ?? '');
  let user = await findUserByEmail(pool, email);
  if (!user?.email) {
    if (body.create_user === false) throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
    if (!settings.enableSignup) throw errors.signupDisabled();
    const created = await signUpForOtp(ctx, email, objectField(body, 'data') ?? {});
    if (!created?.email_confirmed_at) {
      sendJson(ctx.res, 200, {});
      return;
    }
    user = created;
  }
  const known = user;
  checkEmailFrequency(ctx.env, 'otp', email);
  await inTransaction(pool, async (tx) => {
    const user = known;
    if (!user.email_confirmed_at) {
      await savePkceChallenge(tx, body, user.id, 'signup');
      return sendConfirmation(ctx, tx, user.id, user.email!);
    }
    await savePkceChallenge(tx, body, user.id, 'magiclink');
    const redirectTo = redirectTarget(settings, ctx.url.searchParams.get('redirect_to'));
    const token = await issueToken(tx, user.id, 'recovery', user.email!, settings.otpLength);
    await sendAuthEmail(ctx.env, 'magic_link', user.email!, {
      Data: user.raw_user_meta_data,
      ConfirmationURL: verifyLink(token.hash, 'magiclink', redirectTo),
      Token: token.code,
      TokenHash: token.hash,
      SiteURL: siteUrl(settings),
      Email: user.email!,
      RedirectTo: redirectTo,
    });
  });
  sendJson(ctx.res, 200, {});
}

/**
 * GoTrue's MagicLink signs a new address up (Signup with a random password): confirmed at once
 * with confirmations off, else sent the sign-up confirmation. A trigger on auth.users that refuses
 * the row makes it GoTrue's 500 "Database error saving new user".
 */
async function signUpForOtp(ctx: RouteContext, email: string, data: Json): Promise<UserRow | null> {
  const { pool, settings } = ctx.env;
  const autoconfirm = !settings.enableConfirmations;
  const encryptedPassword = await hashPassword(pool, randomBytes(24).toString('base64url'));
  await inTransaction(pool, async (tx) => {
    const userId = randomUUID();
    try {
      await insertUser(tx, {
        id: userId,
        email,
        phone: null,
        encryptedPassword,
        emailConfirmed: autoconfirm,
        phoneConfirmed: false,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: { ...data, ...emailIdentityData(userId, email, autoconfirm) },
        role: DEFAULT_ROLE,
        aud: DEFAULT_AUD,
        isAnonymous: false,
        bannedUntilMs: null,
        signedIn: false,
        confirmationSent: !autoconfirm,
      });
    } catch (error) {
      // Signed up by another request in between: the magic link goes to that account.
      if (uniqueViolationOf(error) === 'email') return;
      if (error instanceof Error && 'code' in error) throw errors.unexpected('Database error saving new user');
      throw error;
    }
    await insertIdentity(tx, userId, 'email', emailIdentityData(userId, email, autoconfirm), autoconfirm);
    if (!autoconfirm) {
      checkEmailFrequency(ctx.env, 'confirmation', email);
      await sendConfirmation(ctx, tx, userId, email);
    }
  });
  return findUserByEmail(pool, email);
}
