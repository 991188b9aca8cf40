/** /admin/users: GoTrue's admin API for service-role callers. */
import { randomUUID } from 'node:crypto';
import { sendJson } from '../../gateway/http.ts';
import { readJson, requireAdmin, type AuthSettings, type RouteContext } from '../context.ts';
import { inTransaction, type Db } from '../db.ts';
import { errors, uniqueViolationOf } from '../errors.ts';
import { mergeMetadata, userJson, DEFAULT_AUD, DEFAULT_ROLE, type Json } from '../user-json.ts';
import {
  countUsers,
  deleteUser,
  emailIdentityData,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  hashPassword,
  identitiesOf,
  insertIdentity,
  insertUser,
  listUsers,
  loadUser,
  softDeleteUser,
  updateIdentityData,
  updateUser,
  type UserChanges,
} from '../users.ts';
import {
  checkPasswordStrength,
  isUuid,
  objectField,
  parseGoDuration,
  stringField,
  validateEmail,
  validatePhone,
} from '../validation.ts';
import { logoutOthers } from '../sessions.ts';

const BCRYPT_HASH = /^\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}$/;

/** 404 for ids that are not UUIDs, as GoTrue's loadUser middleware answers. */
function requireUuid(raw: string | undefined): string {
  const id = decodeURIComponent(raw ?? '');
  if (!isUuid(id)) throw errors.validationNotFound();
  return id;
}

function banDuration(body: Json): number | null | undefined {
  const value = stringField(body, 'ban_duration');
  if (value === undefined || value === '') return undefined;
  if (value === 'none') return null;
  const ms = parseGoDuration(value);
  if (ms === null) throw errors.validation(`invalid format for ban duration: time: invalid duration "${value}"`);
  return ms;
}

function booleanField(body: Json, name: string): boolean | undefined {
  const value = body[name];
  return typeof value === 'boolean' ? value : undefined;
}

type PasswordPolicy = Pick<AuthSettings, 'minimumPasswordLength' | 'passwordRequirements'>;

export async function passwordHashFrom(db: Db, body: Json, settings: PasswordPolicy): Promise<string | undefined> {
  const hash = stringField(body, 'password_hash');
  if (hash !== undefined && hash !== '') {
    if (!BCRYPT_HASH.test(hash)) throw errors.validation('Invalid password hash format');
    return hash;
  }
  const password = stringField(body, 'password');
  if (password === undefined || password === '') return undefined;
  checkPasswordStrength(password, settings.minimumPasswordLength, settings.passwordRequirements);
  return hashPassword(db, password);
}

export async function createUser(ctx: RouteContext): Promise<void> {
  await requireAdmin(ctx);
  const { pool, settings } = ctx.env;
  const body = await readJson(ctx);
  const rawEmail = stringField(body, 'email') ?? '';
  const rawPhone = stringField(body, 'phone') ?? '';
  const email = rawEmail !== '' ? validateEmail(rawEmail) : null;
  const phone = rawPhone !== '' ? validatePhone(rawPhone) : null;
  if (!email && !phone) throw errors.validation('Cannot create a user without either an email or phone');
  const ban = banDuration(body);
  const id = stringField(body, 'id') ?? randomUUID();
  if (!isUuid(id)) throw errors.validation('id must be a valid UUID');
  const role = stringField(body, 'role') || DEFAULT_ROLE;
  const provider = email ? 'email' : 'phone';
  const appMetadata = mergeMetadata({ provider, providers: [provider] }, objectField(body, 'app_metadata') ?? {});
  const userMetadata = objectField(body, 'user_metadata') ?? {};
  const emailConfirmed = booleanField(body, 'email_confirm') === true;
  const phoneConfirmed = booleanField(body, 'phone_confirm') === true;

  if (email && (await findUserByEmail(pool, email))) throw errors.emailExists();
  if (phone && (await findUserByPhone(pool, phone))) throw errors.phoneExists();

  const created = await inTransaction(pool, async (tx) => {
    const encryptedPassword = (await passwordHashFrom(tx, body, settings)) ?? '';
    try {
      await insertUser(tx, {
        id,
        email,
        phone,
        encryptedPassword,
        emailConfirmed,
        phoneConfirmed,
        appMetadata,
        userMetadata,
        role,
        aud: DEFAULT_AUD,
        isAnonymous: false,
        bannedUntilMs: ban ?? null,
        signedIn: false,
        confirmationSent: false,
      });
    } catch (error) {
      const which = uniqueViolationOf(error);
      if (which === 'email') throw errors.emailExists();
      if (which === 'phone') throw errors.phoneExists();
      if (which === 'id') throw errors.validation('A user with this id already exists');
      if (error instanceof Error && 'code' in error) throw errors.unexpected('Database error creating new user');
      throw error;
    }
    if (email) await insertIdentity(tx, id, 'email', emailIdentityData(id, email, emailConfirmed), false);
    else if (phone) {
      await insertIdentity(
        tx,
        id,
        'phone',
        { sub: id, phone, email_verified: false, phone_verified: phoneConfirmed },
        false,
      );
    }
    return loadUser(tx, id);
  });
  if (!created) throw errors.unexpected('Database error creating new user');
  sendJson(ctx.res, 200, userJson(created.user, created.identities));
}

function positiveInt(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value))
    throw errors.validation(`Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`);
  const n = Number(value);
  return n > 0 ? n : fallback;
}

export async function listAllUsers(ctx: RouteContext): Promise<void> {
  await requireAdmin(ctx);
  const { pool, settings } = ctx.env;
  const page = positiveInt(ctx.url.searchParams.get('page'), 1);
  const perPage = Math.min(positiveInt(ctx.url.searchParams.get('per_page'), 50), 1000);
  const filter = ctx.url.searchParams.get('filter') || null;
  const [total, rows] = await Promise.all([countUsers(pool, filter), listUsers(pool, page, perPage, filter)]);
  const identities = await identitiesOf(
    pool,
    rows.map((r) => r.id),
  );
  const users = rows.map((row) => userJson(row, identities.get(row.id) ?? []));
  sendJson(ctx.res, 200, { users, aud: DEFAULT_AUD }, paginationHeaders(settings.apiUrl, page, perPage, total));
}

/**
 * GoTrue's pagination headers. auth-js reads the page number right after the first `=` of each
 * link and needs `rel` double-quoted, so `page` must come first in the query string.
 */
export function paginationHeaders(
  apiUrl: string,
  page: number,
  perPage: number,
  total: number,
): Record<string, string> {
  const lastPage = Math.ceil(total / perPage);
  const link = (p: number, rel: string): string =>
    `<${apiUrl}/auth/v1/admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`;
  const links: string[] = [];
  if (page < lastPage) links.push(link(page + 1, 'next'));
  links.push(link(lastPage, 'last'));
  return { 'X-Total-Count': String(total), Link: links.join(', ') };
}

export async function getUserById(ctx: RouteContext, params: string[]): Promise<void> {
  await requireAdmin(ctx);
  const loaded = await loadUser(ctx.env.pool, requireUuid(params[0]));
  if (!loaded) throw errors.userNotFound();
  sendJson(ctx.res, 200, userJson(loaded.user, loaded.identities));
}

export async function updateUserById(ctx: RouteContext, params: string[]): Promise<void> {
  await requireAdmin(ctx);
  const { pool, settings } = ctx.env;
  const id = requireUuid(params[0]);
  const body = await readJson(ctx);
  const updated = await inTransaction(pool, async (tx) => {
    const current = await findUserById(tx, id, true);
    if (!current) throw errors.userNotFound();
    const changes: UserChanges = {};
    const rawEmail = stringField(body, 'email');
    if (rawEmail !== undefined && rawEmail !== '') {
      const email = validateEmail(rawEmail);
      if (email !== current.email) {
        const owner = await findUserByEmail(tx, email);
        if (owner && owner.id !== id) throw errors.emailExists();
        changes.email = email;
      }
    }
    const rawPhone = stringField(body, 'phone');
    if (rawPhone !== undefined && rawPhone !== '') {
      const phone = validatePhone(rawPhone);
      if (phone !== current.phone) {
        const owner = await findUserByPhone(tx, phone);
        if (owner && owner.id !== id) throw errors.phoneExists();
        changes.phone = phone;
      }
    }
    const encryptedPassword = await passwordHashFrom(tx, body, settings);
    if (encryptedPassword !== undefined) changes.encryptedPassword = encryptedPassword;
    const emailConfirm = booleanField(body, 'email_confirm');
    if (emailConfirm !== undefined) changes.confirmEmail = emailConfirm;
    const phoneConfirm = booleanField(body, 'phone_confirm');
    if (phoneConfirm !== undefined) changes.confirmPhone = phoneConfirm;
    const role = stringField(body, 'role');
    if (role) changes.role = role;
    const userMetadata = objectField(body, 'user_metadata');
    if (userMetadata) changes.userMetadata = mergeMetadata(current.raw_user_meta_data, userMetadata);
    const appMetadata = objectField(body, 'app_metadata');
    if (appMetadata) changes.appMetadata = mergeMetadata(current.raw_app_meta_data, appMetadata);
    const ban = banDuration(body);
    if (ban !== undefined) changes.banMs = ban;
    try {
      await updateUser(tx, id, changes);
    } catch (error) {
      const which = uniqueViolationOf(error);
      if (which === 'email') throw errors.emailExists();
      if (which === 'phone') throw errors.phoneExists();
      throw error;
    }
    if (changes.email) await updateIdentityData(tx, id, 'email', { email: changes.email });
    if (encryptedPassword !== undefined) await logoutOthers(tx, id, null);
    return loadUser(tx, id);
  });
  if (!updated) throw errors.userNotFound();
  sendJson(ctx.res, 200, userJson(updated.user, updated.identities));
}

export async function deleteUserById(ctx: RouteContext, params: string[]): Promise<void> {
  await requireAdmin(ctx);
  const { pool } = ctx.env;
  const id = requireUuid(params[0]);
  const body = await readJson(ctx, { optional: true });
  const soft = booleanField(body, 'should_soft_delete') === true;
  await inTransaction(pool, async (tx) => {
    const current = await findUserById(tx, id, true);
    if (!current) throw errors.userNotFound();
    try {
      if (soft) await softDeleteUser(tx, id);
      else await deleteUser(tx, id);
    } catch (error) {
      if (error instanceof Error && 'code' in error) throw errors.unexpected('Database error deleting user');
      throw error;
    }
  });
  sendJson(ctx.res, 200, {});
}
