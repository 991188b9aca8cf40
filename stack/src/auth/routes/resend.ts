/**
 * POST /resend (auth-js `resend`): the sign-up confirmation or the email-change confirmation sent
 * again, with a new code (the old link stops working). The answer is the same whether or not there
 * is anything to resend; one resend per address per max_frequency.
 */
import { sendJson } from '../../gateway/http.ts';
import { readJson, type RouteContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { errors } from '../errors.ts';
import { checkEmailFrequency, sendAuthEmail } from '../mailer.ts';
import { issueToken } from '../one-time-tokens.ts';
import { redirectTarget, siteUrl } from '../redirects.ts';
import { findUserByEmail } from '../users.ts';
import { stringField, validateEmail } from '../validation.ts';
import { verifyLink } from './recover.ts';
import { sendConfirmation } from './signup.ts';

export async function resend(ctx: RouteContext): Promise<void> {
  const { pool, settings } = ctx.env;
  const body = await readJson(ctx);
  const type = stringField(body, 'type') ?? '';
  if (type !== 'signup' && type !== 'email_change') {
    throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const email = validateEmail(stringField(body, 'email') ?? '');
  checkEmailFrequency(ctx.env, type, email);

  const user = await findUserByEmail(pool, email);
  if (user?.email) {
    await inTransaction(pool, async (tx) => {
      if (type === 'signup') {
        if (!user.email_confirmed_at) await sendConfirmation(ctx, tx, user.id, user.email!);
        return;
      }
      if (!user.email_change) return;
      const redirectTo = redirectTarget(settings, ctx.url.searchParams.get('redirect_to'));
      const token = await issueToken(tx, user.id, 'email_change_new', user.email_change, settings.otpLength);
      await sendAuthEmail(ctx.env, 'email_change', user.email_change, {
        Data: user.raw_user_meta_data,
        ConfirmationURL: verifyLink(token.hash, 'email_change', redirectTo),
        Token: token.code,
        TokenHash: token.hash,
        SiteURL: siteUrl(settings),
        Email: user.email!,
        NewEmail: user.email_change,
        RedirectTo: redirectTo,
      });
    });
  }
  sendJson(ctx.res, 200, {});
}
