/**
 * POST /invite (auth-js `admin.inviteUserByEmail`), as GoTrue's Invite handler: the service role
 * invites an address. A new address becomes an unconfirmed user with no password, `data` as its
 * user_metadata and an email identity; an address whose user has not confirmed yet is simply
 * invited again; a confirmed user is refused (422 email_exists). Either way the invite email
 * (config.toml's `[auth.email.template.invite]`) goes out with a link that verifies with type
 * `invite`, which confirms the address and signs the person in so that they can set a password.
 * `redirect_to` is honoured when the allow list allows it. The email is sent inside the
 * transaction: if it cannot be sent, nothing is stored (GoTrue's "Error sending invite email").
 */
import { randomUUID } from 'node:crypto';
import { HttpError, sendJson } from '../../gateway/http.ts';
import { readJson, requireAdmin, type RouteContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { errors, uniqueViolationOf } from '../errors.ts';
import { sendAuthEmail } from '../mailer.ts';
import { issueToken } from '../one-time-tokens.ts';
import { redirectTarget, siteUrl } from '../redirects.ts';
import { DEFAULT_AUD, DEFAULT_ROLE, userJson } from '../user-json.ts';
import { emailIdentityData, findUserByEmail, findUserById, insertIdentity, insertUser, loadUser } from '../users.ts';
import { objectField, stringField, validateEmail } from '../validation.ts';
import { verifyLink } from './recover.ts';

export async function invite(ctx: RouteContext): Promise<void> {
  await requireAdmin(ctx);
  const { pool, settings } = ctx.env;
  const body = await readJson(ctx);
  const email = validateEmail(stringField(body, 'email') ?? '');
  const data = objectField(body, 'data') ?? {};
  const redirectTo = redirectTarget(settings, ctx.url.searchParams.get('redirect_to'));

  const result = await inTransaction(pool, async (tx) => {
    let userId = (await findUserByEmail(tx, email))?.id;
    if (userId !== undefined) {
      const existing = await loadUser(tx, userId);
      if (existing?.user.email_confirmed_at) throw errors.emailExists();
    } else {
      userId = randomUUID();
      try {
        await insertUser(tx, {
          id: userId,
          email,
          phone: null,
          encryptedPassword: '',
          emailConfirmed: false,
          phoneConfirmed: false,
          appMetadata: { provider: 'email', providers: ['email'] },
          userMetadata: data,
          role: DEFAULT_ROLE,
          aud: DEFAULT_AUD,
          isAnonymous: false,
          bannedUntilMs: null,
          signedIn: false,
          confirmationSent: false,
        });
      } catch (error) {
        if (uniqueViolationOf(error) === 'email') throw errors.emailExists();
        throw errors.unexpected('Database error saving new user');
      }
      await insertIdentity(tx, userId, 'email', emailIdentityData(userId, email, false), false);
    }
    const token = await issueToken(tx, userId, 'confirmation', email, settings.otpLength);
    await tx.query('update auth.users set invited_at = now(), confirmation_sent_at = now() where id = $1', [userId]);
    const invited = await findUserById(tx, userId);
    try {
      await sendAuthEmail(ctx.env, 'invite', email, {
        Data: invited?.raw_user_meta_data,
        ConfirmationURL: verifyLink(token.hash, 'invite', redirectTo),
        Token: token.code,
        TokenHash: token.hash,
        SiteURL: siteUrl(settings),
        Email: email,
        RedirectTo: redirectTo,
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw errors.unexpected('Error sending invite email');
    }
    const loaded = await loadUser(tx, userId);
    if (!loaded) throw errors.userNotFound();
    return userJson(loaded.user, loaded.identities);
  });
  sendJson(ctx.res, 200, result);
}
