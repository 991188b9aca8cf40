/**
 * POST /admin/generate_link (auth-js `admin.generateLink`): the link and code an email would carry,
 * for the service role to deliver itself; nothing is sent. Creates the user for `signup` and
 * `invite` as GoTrue does; the others need an existing account.
 */
import { randomUUID } from 'node:crypto';
import { sendJson } from '../../gateway/http.ts';
import { readJson, requireAdmin, type RouteContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { errors, uniqueViolationOf } from '../errors.ts';
import { issueToken, type TokenKind } from '../one-time-tokens.ts';
import { redirectTarget } from '../redirects.ts';
import { DEFAULT_AUD, DEFAULT_ROLE, userJson } from '../user-json.ts';
import { emailIdentityData, findUserByEmail, insertIdentity, insertUser, loadUser } from '../users.ts';
import { objectField, stringField, validateEmail } from '../validation.ts';
import { passwordHashFrom } from './admin.ts';
import { verifyLink } from './recover.ts';

const TYPES: Record<string, { kind: TokenKind; verification: string }> = {
  signup: { kind: 'confirmation', verification: 'signup' },
  invite: { kind: 'confirmation', verification: 'invite' },
  magiclink: { kind: 'recovery', verification: 'magiclink' },
  recovery: { kind: 'recovery', verification: 'recovery' },
  email_change_new: { kind: 'email_change_new', verification: 'email_change' },
  email_change_current: { kind: 'email_change_current', verification: 'email_change' },
};

export async function generateLink(ctx: RouteContext): Promise<void> {
  await requireAdmin(ctx);
  const { pool, settings } = ctx.env;
  const body = await readJson(ctx);
  const type = stringField(body, 'type') ?? '';
  const spec = TYPES[type];
  if (!spec) throw errors.validation('Invalid email action link type requested');
  const email = validateEmail(stringField(body, 'email') ?? '');
  const redirectTo = redirectTarget(settings, stringField(body, 'redirect_to'));
  const newEmailRaw = stringField(body, 'new_email') ?? '';
  const newEmail = newEmailRaw !== '' ? validateEmail(newEmailRaw) : '';
  if (type.startsWith('email_change') && newEmail === '') {
    throw errors.validation('The new email address provided is invalid');
  }

  const result = await inTransaction(pool, async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (type === 'signup' || type === 'invite') {
      if (user?.email_confirmed_at) throw errors.emailExists();
      if (!user) {
        const id = randomUUID();
        const password = type === 'signup' ? await passwordHashFrom(tx, body, settings) : undefined;
        if (type === 'signup' && !password) throw errors.validation('Password is required');
        try {
          await insertUser(tx, {
            id,
            email,
            phone: null,
            encryptedPassword: password ?? '',
            emailConfirmed: false,
            phoneConfirmed: false,
            appMetadata: { provider: 'email', providers: ['email'] },
            userMetadata: objectField(body, 'data') ?? {},
            role: DEFAULT_ROLE,
            aud: DEFAULT_AUD,
            isAnonymous: false,
            bannedUntilMs: null,
            signedIn: false,
            confirmationSent: true,
          });
        } catch (error) {
          if (uniqueViolationOf(error) === 'email') throw errors.emailExists();
          throw errors.unexpected('Database error saving new user');
        }
        await insertIdentity(tx, id, 'email', emailIdentityData(id, email, false), false);
        if (type === 'invite') await tx.query('update auth.users set invited_at = now() where id = $1', [id]);
        user = await findUserByEmail(tx, email);
      }
    }
    if (!user?.email) throw errors.userNotFound();
    if (newEmail !== '') {
      const owner = await findUserByEmail(tx, newEmail);
      if (owner && owner.id !== user.id) throw errors.emailExists();
      await tx.query('update auth.users set email_change = $2 where id = $1', [user.id, newEmail]);
    }
    const address = spec.kind === 'email_change_new' ? newEmail : user.email;
    const token = await issueToken(tx, user.id, spec.kind, address, settings.otpLength);
    const loaded = await loadUser(tx, user.id);
    if (!loaded) throw errors.userNotFound();
    return {
      ...userJson(loaded.user, loaded.identities),
      action_link: verifyLink(token.hash, spec.verification, redirectTo),
      email_otp: token.code,
      hashed_token: token.hash,
      verification_type: spec.verification,
      redirect_to: redirectTo,
    };
  });
  sendJson(ctx.res, 200, result);
}
