/**
 * POST /recover: emails a password-reset link and code. The answer is the same 200 {} whether or
 * not the address has an account (nobody learns who is registered); a second request for one
 * address within max_frequency gets 429 either way.
 */
import { apiUrl } from '../../config.ts';
import { sendJson } from '../../gateway/http.ts';
import { readJson, type RouteContext } from '../context.ts';
import { checkEmailFrequency, sendAuthEmail } from '../mailer.ts';
import { issueToken } from '../one-time-tokens.ts';
import { redirectTarget, siteUrl } from '../redirects.ts';
import { findUserByEmail } from '../users.ts';
import { stringField, validateEmail } from '../validation.ts';
import { savePkceChallenge } from '../pkce.ts';

/** The emailed link: GoTrue's /verify on the public API URL, carrying the token hash. */
export function verifyLink(tokenHash: string, type: string, redirectTo: string): string {
  const query = new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo });
  return `${apiUrl}/auth/v1/verify?${query}`;
}

export async function recover(ctx: RouteContext): Promise<void> {
  const { pool, settings } = ctx.env;
  const body = await readJson(ctx);
  const email = validateEmail(stringField(body, 'email') ?? '');
  const redirectTo = redirectTarget(
    settings,
    ctx.url.searchParams.get('redirect_to') ?? stringField(body, 'redirect_to'),
  );
  checkEmailFrequency(ctx.env, 'recovery', email);

  const user = await findUserByEmail(pool, email);
  if (user?.email && !user.deleted_at) {
    const token = await issueToken(pool, user.id, 'recovery', user.email, settings.otpLength);
    await savePkceChallenge(pool, body, user.id, 'recovery');
    await sendAuthEmail(ctx.env, 'recovery', user.email, {
      Data: user.raw_user_meta_data,
      ConfirmationURL: verifyLink(token.hash, 'recovery', redirectTo),
      Token: token.code,
      TokenHash: token.hash,
      SiteURL: siteUrl(settings),
      Email: user.email,
      RedirectTo: redirectTo,
    });
  }
  sendJson(ctx.res, 200, {});
}
