/**
 * POST /otp with an email (auth-js signInWithOtp): a magic link and code to sign in. An account
 * that has not confirmed its address gets the sign-up confirmation instead, as GoTrue does. With
 * `create_user: false` an unknown address is refused (otp_disabled); CareCover creates accounts
 * only through sign-up, where the account type is chosen, so a new address is refused the same way
 * GoTrue refuses what its user trigger rejects.
 */
import { sendJson } from '../../gateway/http.ts';
import { readJson, type RouteContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { authError, errors } from '../errors.ts';
import { checkEmailFrequency, sendAuthEmail } from '../mailer.ts';
import { issueToken } from '../one-time-tokens.ts';
import { savePkceChallenge } from '../pkce.ts';
import { redirectTarget, siteUrl } from '../redirects.ts';
import { findUserByEmail } from '../users.ts';
import { stringField, validateEmail } from '../validation.ts';
import { verifyLink } from './recover.ts';
import { sendConfirmation } from './signup.ts';

export async function otp(ctx: RouteContext): Promise<void> {
  const { pool, settings } = ctx.env;
  const body = await readJson(ctx);
  if (stringField(body, 'phone')) throw errors.phoneProviderDisabled();
  const email = validateEmail(stringField(body, 'email') ?? '');
  const user = await findUserByEmail(pool, email);
  if (!user?.email) {
    if (body.create_user === false) throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
    // Creating the account here would skip the account type sign-up asks for (company or staff).
    throw errors.unexpected('Database error saving new user');
  }
  checkEmailFrequency(ctx.env, 'otp', email);
  await inTransaction(pool, async (tx) => {
    if (!user.email_confirmed_at) {
      await savePkceChallenge(tx, body, user.id, 'signup');
      return sendConfirmation(ctx, tx, user.id, user.email!);
    }
    await savePkceChallenge(tx, body, user.id, 'magiclink');
    const redirectTo = redirectTarget(settings, ctx.url.searchParams.get('redirect_to'));
    const token = await issueToken(tx, user.id, 'recovery', user.email!, settings.otpLength);
    await sendAuthEmail(ctx.env, 'magic_link', user.email!, {
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
