/** GET /user, PUT /user and POST /logout: the signed-in user's own account. */
import { send, sendJson } from '../../gateway/http.ts';
import { readJson, requireUser, type RouteContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { errors, uniqueViolationOf } from '../errors.ts';
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
  }
  const newEmail = email !== undefined && email !== '' ? validateEmail(email) : undefined;
  const newPhone = phone !== undefined && phone !== '' ? validatePhone(phone) : undefined;

  const updated = await inTransaction(pool, async (tx) => {
    const current = await findUserById(tx, auth.user.id, true);
    if (!current) throw errors.userNotFoundFromJwt();
    const changes: UserChanges = {};
    if (data) changes.userMetadata = mergeMetadata(current.raw_user_meta_data, data);
    if (password !== undefined) changes.encryptedPassword = await hashPassword(tx, password);
    if (newEmail !== undefined && newEmail !== current.email) {
      const owner = await findUserByEmail(tx, newEmail);
      if (owner && owner.id !== current.id) throw errors.emailExists();
      // Mailer autoconfirm: the change applies at once, as GoTrue does without confirmations.
      changes.email = newEmail;
      if (!settings.enableConfirmations) changes.confirmEmail = true;
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
    return loadUser(tx, current.id);
  });
  if (!updated) throw errors.userNotFoundFromJwt();
  sendJson(ctx.res, 200, userJson(updated.user, updated.identities));
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
