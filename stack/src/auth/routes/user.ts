/** GET /user, PUT /user and POST /logout: the signed-in user's own account. */
import { send, sendJson } from '../../gateway/http.ts';
import { readJson, requireUser, type RouteContext } from '../context.ts';
import { inTransaction, type Db } from '../db.ts';
import { notificationEnabled } from '../email-templates.ts';
import { checkEmailFrequency, sendAuthEmail, sendNotice } from '../mailer.ts';
import { clearToken, findToken, issueToken, tokenHash } from '../one-time-tokens.ts';
import { redirectTarget, siteUrl } from '../redirects.ts';
import { verifyLink } from './recover.ts';
import { authError, errors, uniqueViolationOf } from '../errors.ts';
import { logout as logoutSessions, logoutOthers, type LogoutScope } from '../sessions.ts';
import { mergeMetadata, userJson } from '../user-json.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  hashPassword,
  loadUser,
  updateIdentityData,
  updateUser,
  verifyPassword,
  type UserChanges,
} from '../users.ts';
import { checkPasswordStrength, objectField, stringField, validateEmail, validatePhone } from '../validation.ts';

export async function getUser(ctx: RouteContext): Promise<void> {
  const { user, identities } = await requireUser(ctx);
  sendJson(ctx.res, 200, userJson(user, identities));
}

export async function updateOwnUser(ctx: RouteContext): Promise<void> {
  const { pool, settings } = ctx.env;
  const auth = await requireUser(ctx);
  const body = await readJson(ctx);
  const password = stringField(body, 'password');
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const data = objectField(body, 'data');

  if (password !== undefined) {
    checkPasswordStrength(password, settings.minimumPasswordLength, settings.passwordRequirements);
    if (auth.user.has_password && (await verifyPassword(pool, auth.user.id, password))) throw errors.samePassword();
    if (settings.securePasswordChange)
      await requireRecentSignInOrNonce(ctx, auth.user.id, auth.session?.id ?? null, body);
  }
  const newEmail = email !== undefined && email !== '' ? validateEmail(email) : undefined;
  const newPhone = phone !== undefined && phone !== '' ? validatePhone(phone) : undefined;

  const updated = await inTransaction(pool, async (tx) => {
    const current = await findUserById(tx, auth.user.id, true);
    if (!current) throw errors.userNotFoundFromJwt();
    const changes: UserChanges = {};
    if (data) changes.userMetadata = mergeMetadata(current.raw_user_meta_data, data);
    if (password !== undefined) changes.encryptedPassword = await hashPassword(tx, password);
    let emailChange: { from: string | null; to: string; confirm: boolean } | undefined;
    if (newEmail !== undefined && newEmail !== current.email) {
      const owner = await findUserByEmail(tx, newEmail);
      if (owner && owner.id !== current.id) throw errors.emailExists();
      if (settings.enableConfirmations && current.email) {
        // Confirmed through a link to the new address (and to the old one with double_confirm_changes);
        // until then the account keeps its email.
        checkEmailFrequency(ctx.env, 'email_change', current.email);
        emailChange = { from: current.email, to: newEmail, confirm: true };
      } else {
        // Mailer autoconfirm: the change applies at once, as GoTrue does without confirmations.
        changes.email = newEmail;
        changes.confirmEmail = true;
        emailChange = { from: current.email, to: newEmail, confirm: false };
      }
    }
    if (newPhone !== undefined && newPhone !== current.phone) {
      const owner = await findUserByPhone(tx, newPhone);
      if (owner && owner.id !== current.id) throw errors.phoneExists();
      changes.phone = newPhone;
      changes.confirmPhone = true;
    }
    try {
      await updateUser(tx, current.id, changes);
    } catch (error) {
      const which = uniqueViolationOf(error);
      if (which === 'email') throw errors.emailExists();
      if (which === 'phone') throw errors.phoneExists();
      throw error;
    }
    if (changes.email) {
      await updateIdentityData(tx, current.id, 'email', { email: changes.email, email_verified: true });
    }
    if (password !== undefined) await logoutOthers(tx, current.id, auth.session?.id ?? null);
    if (emailChange?.confirm) {
      const metadata = changes.userMetadata ?? current.raw_user_meta_data;
      await startEmailChange(ctx, tx, current.id, emailChange.from ?? '', emailChange.to, metadata);
    }
    return { loaded: await loadUser(tx, current.id), emailChange };
  });
  const { loaded, emailChange } = updated;
  if (!loaded) throw errors.userNotFoundFromJwt();
  // Notices go out once the change is stored: a failed update tells nobody anything.
  const address = loaded.user.email;
  if (password !== undefined && address && notificationEnabled(settings, 'password_changed')) {
    await sendNotice(ctx.env, 'password_changed', address, { Email: address, Data: loaded.user.raw_user_meta_data });
  }
  if (emailChange && !emailChange.confirm && emailChange.from && notificationEnabled(settings, 'email_changed')) {
    await sendAuthEmail(ctx.env, 'email_changed', emailChange.from, {
      Data: loaded.user.raw_user_meta_data,
      Email: emailChange.to,
      OldEmail: emailChange.from,
    });
  }
  sendJson(ctx.res, 200, userJson(loaded.user, loaded.identities));
}

/**
 * Records the pending address and emails its confirmation link and code; with double_confirm_changes
 * the current address gets one too and both must be confirmed (verify.ts applies the change).
 */
async function startEmailChange(
  ctx: RouteContext,
  tx: Db,
  userId: string,
  from: string,
  to: string,
  metadata: Record<string, unknown> | null,
): Promise<void> {
  const { settings } = ctx.env;
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_current = '', email_change_confirm_status = 0
      where id = $1`,
    [userId, to],
  );
  const redirectTo = redirectTarget(settings, ctx.url.searchParams.get('redirect_to'));
  const toNew = await issueToken(tx, userId, 'email_change_new', to, settings.otpLength);
  const vars = { SiteURL: siteUrl(settings), Email: from, NewEmail: to, RedirectTo: redirectTo, Data: metadata };
  await sendAuthEmail(ctx.env, 'email_change', to, {
    ...vars,
    ConfirmationURL: verifyLink(toNew.hash, 'email_change', redirectTo),
    Token: toNew.code,
    TokenHash: toNew.hash,
  });
  if (settings.doubleConfirmChanges && from) {
    const toCurrent = await issueToken(tx, userId, 'email_change_current', from, settings.otpLength);
    await sendAuthEmail(ctx.env, 'email_change', from, {
      ...vars,
      ConfirmationURL: verifyLink(toCurrent.hash, 'email_change', redirectTo),
      Token: toCurrent.code,
      TokenHash: toCurrent.hash,
    });
  }
}

/** GoTrue: with secure_password_change, a session older than this needs the emailed nonce. */
const RECENT_SIGN_IN_SECONDS = 24 * 60 * 60;

async function requireRecentSignInOrNonce(
  ctx: RouteContext,
  userId: string,
  sessionId: string | null,
  body: Record<string, unknown>,
): Promise<void> {
  const { pool, settings } = ctx.env;
  const { rows } = await pool.query<{ age: number | null }>(
    'select extract(epoch from now() - created_at)::float8 as age from auth.sessions where id = $1',
    [sessionId],
  );
  const age = rows[0]?.age ?? Number.POSITIVE_INFINITY;
  if (age < RECENT_SIGN_IN_SECONDS) return;
  const nonce = stringField(body, 'nonce') ?? '';
  if (nonce === '') throw authError(400, 'reauthentication_needed', 'Password update requires reauthentication');
  const user = await findUserById(pool, userId);
  const match = user?.email ? await findToken(pool, ['reauthentication'], tokenHash(user.email, nonce)) : null;
  if (!match || match.userId !== userId || match.ageSeconds > settings.otpExpirySeconds) {
    throw authError(400, 'reauthentication_not_valid', 'Requested reauthentication is invalid');
  }
  await clearToken(pool, userId, 'reauthentication');
}

/** GET /reauthenticate: emails the signed-in user a code (the nonce a password change may need). */
export async function reauthenticate(ctx: RouteContext): Promise<void> {
  const { pool, settings } = ctx.env;
  const auth = await requireUser(ctx);
  const email = auth.user.email;
  if (!email) throw errors.validation('Reauthentication requires the user to have an email or a phone number');
  checkEmailFrequency(ctx.env, 'reauthentication', email);
  const token = await issueToken(pool, auth.user.id, 'reauthentication', email, settings.otpLength);
  await sendAuthEmail(ctx.env, 'reauthentication', email, {
    Data: auth.user.raw_user_meta_data,
    Token: token.code,
    Email: email,
    SiteURL: siteUrl(settings),
  });
  sendJson(ctx.res, 200, {});
}

const SCOPES = new Set<LogoutScope>(['global', 'local', 'others']);

export async function logout(ctx: RouteContext): Promise<void> {
  const auth = await requireUser(ctx);
  const requested = ctx.url.searchParams.get('scope') ?? 'global';
  const scope = (requested === '' ? 'global' : requested) as LogoutScope;
  if (!SCOPES.has(scope)) throw errors.validation(`Unsupported logout scope "${requested}"`);
  await logoutSessions(ctx.env.pool, auth.user.id, auth.session?.id ?? null, scope);
  send(ctx.res, 204, null);
}
