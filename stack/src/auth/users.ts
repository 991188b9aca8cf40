/** Repository of auth.users and auth.identities. All SQL is parameterised. */
import { randomUUID } from 'node:crypto';
import { config } from '../config.ts';
import { iso, type Db } from './db.ts';
import type { IdentityRow, Json, UserRow } from './user-json.ts';

const USER_COLUMNS = [
  'u.id',
  'u.aud',
  'u.role',
  'u.email',
  'u.phone',
  iso('u.email_confirmed_at'),
  iso('u.invited_at'),
  iso('u.phone_confirmed_at'),
  iso('u.confirmation_sent_at'),
  iso('u.confirmed_at'),
  iso('u.recovery_sent_at'),
  'u.email_change',
  iso('u.email_change_sent_at'),
  'u.phone_change',
  iso('u.phone_change_sent_at'),
  iso('u.reauthentication_sent_at'),
  iso('u.last_sign_in_at'),
  'u.raw_app_meta_data',
  'u.raw_user_meta_data',
  iso('u.banned_until'),
  iso('u.created_at'),
  iso('u.updated_at'),
  iso('u.deleted_at'),
  'u.is_anonymous',
  'coalesce(u.banned_until > now(), false) as is_banned',
  "coalesce(u.encrypted_password, '') <> '' as has_password",
].join(', ');

const IDENTITY_COLUMNS = [
  'i.id',
  'i.provider_id',
  'i.user_id',
  'i.identity_data',
  'i.provider',
  iso('i.last_sign_in_at'),
  iso('i.created_at'),
  iso('i.updated_at'),
  'i.email',
].join(', ');

export async function findUserById(db: Db, id: string, forUpdate = false): Promise<UserRow | null> {
  const lock = forUpdate ? ' for update of u' : '';
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users u where u.id = $1${lock}`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u
      where lower(u.email) = lower($1) and u.is_sso_user = false
      order by u.created_at limit 1`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users u where u.phone = $1 limit 1`, [
    phone,
  ]);
  return rows[0] ?? null;
}

export async function identitiesOf(db: Db, userIds: string[]): Promise<Map<string, IdentityRow[]>> {
  const byUser = new Map<string, IdentityRow[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const { rows } = await db.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities i where i.user_id = any($1::uuid[]) order by i.created_at, i.id`,
    [userIds],
  );
  for (const row of rows) byUser.get(row.user_id)?.push(row);
  return byUser;
}

export async function loadUser(db: Db, id: string): Promise<{ user: UserRow; identities: IdentityRow[] } | null> {
  const user = await findUserById(db, id);
  if (!user) return null;
  const identities = (await identitiesOf(db, [id])).get(id) ?? [];
  return { user, identities };
}

/** bcrypt via pgcrypto, cost 10: the `$2a$10$` hashes GoTrue writes (config.auth.passwordHashCost). */
export async function hashPassword(db: Db, password: string): Promise<string> {
  const { rows } = await db.query<{ hash: string }>(
    "select extensions.crypt($1, extensions.gen_salt('bf', $2::int)) as hash",
    [password, config.auth.passwordHashCost],
  );
  const hash = rows[0]?.hash;
  if (!hash) throw new Error('pgcrypto returned no hash');
  return hash;
}

/** Compares in Postgres, so hashes written by seed SQL with crypt() verify too. */
export async function verifyPassword(db: Db, userId: string, password: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `select case when u.encrypted_password ~ '^\\$2[abxy]?\\$\\d\\d\\$'
                 then u.encrypted_password = extensions.crypt($2, u.encrypted_password)
                 else false end as ok
       from auth.users u where u.id = $1`,
    [userId, password],
  );
  return rows[0]?.ok === true;
}

export interface NewUser {
  id?: string;
  email: string | null;
  phone: string | null;
  encryptedPassword: string;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
  appMetadata: Json;
  userMetadata: Json;
  role: string;
  aud: string;
  isAnonymous: boolean;
  bannedUntilMs: number | null;
  signedIn: boolean;
  confirmationSent: boolean;
}

export async function insertUser(db: Db, input: NewUser): Promise<string> {
  const id = input.id ?? randomUUID();
  await db.query(
    `insert into auth.users (
       instance_id, id, aud, role, email, phone, encrypted_password,
       email_confirmed_at, phone_confirmed_at, confirmation_sent_at, last_sign_in_at,
       raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at,
       is_anonymous, banned_until)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5, $6,
       case when $7::boolean then now() end, case when $8::boolean then now() end,
       case when $9::boolean then now() end, case when $10::boolean then now() end,
       $11::jsonb, $12::jsonb, false, now(), now(), $13,
       case when $14::double precision is null then null
            else now() + make_interval(secs => $14::double precision / 1000) end)`,
    [
      id,
      input.aud,
      input.role,
      input.email,
      input.phone,
      input.encryptedPassword,
      input.emailConfirmed,
      input.phoneConfirmed,
      input.confirmationSent,
      input.signedIn,
      JSON.stringify(input.appMetadata),
      JSON.stringify(input.userMetadata),
      input.isAnonymous,
      input.bannedUntilMs,
    ],
  );
  return id;
}

/** The identity GoTrue creates for email (or phone) sign-ups; provider_id is the user id. */
export async function insertIdentity(
  db: Db,
  userId: string,
  provider: 'email' | 'phone',
  identityData: Json,
  signedIn: boolean,
): Promise<void> {
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::text, $5::uuid, $2::jsonb, $3, case when $4::boolean then now() end, now(), now())`,
    [userId, JSON.stringify(identityData), provider, signedIn, userId],
  );
}

export function emailIdentityData(userId: string, email: string, emailVerified: boolean): Json {
  return { email, email_verified: emailVerified, phone_verified: false, sub: userId };
}

/** Keeps each identity's copy of the email in step with the user's, as GoTrue does. */
export async function updateIdentityData(db: Db, userId: string, provider: string, changes: Json): Promise<void> {
  await db.query(
    `update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = now()
      where user_id = $1 and provider = $2`,
    [userId, provider, JSON.stringify(changes)],
  );
}

export async function markSignedIn(db: Db, userId: string): Promise<void> {
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  await db.query("update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'", [
    userId,
  ]);
}

/** Column updates expressed as a whitelist of fields, so no caller-controlled name reaches SQL. */
export interface UserChanges {
  email?: string | null;
  phone?: string | null;
  encryptedPassword?: string;
  confirmEmail?: boolean | 'keep';
  confirmPhone?: boolean | 'keep';
  appMetadata?: Json;
  userMetadata?: Json;
  role?: string;
  /** Milliseconds from now, or null to lift a ban. */
  banMs?: number | null;
}

export async function updateUser(db: Db, userId: string, changes: UserChanges): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [userId];
  const param = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  if (changes.email !== undefined) sets.push(`email = ${param(changes.email)}`);
  if (changes.phone !== undefined) sets.push(`phone = ${param(changes.phone)}`);
  if (changes.encryptedPassword !== undefined) sets.push(`encrypted_password = ${param(changes.encryptedPassword)}`);
  if (changes.confirmEmail === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
  if (changes.confirmEmail === false) sets.push('email_confirmed_at = null');
  if (changes.confirmPhone === true) sets.push('phone_confirmed_at = coalesce(phone_confirmed_at, now())');
  if (changes.confirmPhone === false) sets.push('phone_confirmed_at = null');
  if (changes.appMetadata !== undefined)
    sets.push(`raw_app_meta_data = ${param(JSON.stringify(changes.appMetadata))}::jsonb`);
  if (changes.userMetadata !== undefined)
    sets.push(`raw_user_meta_data = ${param(JSON.stringify(changes.userMetadata))}::jsonb`);
  if (changes.role !== undefined) sets.push(`role = ${param(changes.role)}`);
  if (changes.banMs !== undefined) {
    sets.push(
      changes.banMs === null
        ? 'banned_until = null'
        : `banned_until = now() + make_interval(secs => ${param(changes.banMs)}::double precision / 1000)`,
    );
  }
  if (sets.length === 0) return;
  sets.push('updated_at = now()');
  await db.query(`update auth.users set ${sets.join(', ')} where id = $1`, values);
}

export async function countUsers(db: Db, filter: string | null): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `select count(*) as n from auth.users u
      where ($1::text is null or u.email ilike '%' || $1 || '%' or u.raw_user_meta_data ->> 'full_name' ilike '%' || $1 || '%')`,
    [filter],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function listUsers(db: Db, page: number, perPage: number, filter: string | null): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u
      where ($3::text is null or u.email ilike '%' || $3 || '%' or u.raw_user_meta_data ->> 'full_name' ilike '%' || $3 || '%')
      order by u.created_at desc nulls last, u.id desc
      limit $1 offset $2`,
    [perPage, (page - 1) * perPage, filter],
  );
  return rows;
}

export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.query('delete from auth.users where id = $1', [userId]);
}

/** GoTrue's soft delete: the row stays for foreign keys, but it can no longer sign in or be found by email. */
export async function softDeleteUser(db: Db, userId: string): Promise<void> {
  await db.query('delete from auth.sessions where user_id = $1', [userId]);
  await db.query('delete from auth.identities where user_id = $1', [userId]);
  await db.query(
    `update auth.users set email = null, phone = null, encrypted_password = '',
            confirmation_token = '', recovery_token = '', email_change_token_new = '', email_change_token_current = '',
            email_change = '', phone_change = '', phone_change_token = '', reauthentication_token = '',
            raw_user_meta_data = '{}'::jsonb, raw_app_meta_data = '{}'::jsonb,
            deleted_at = now(), updated_at = now()
      where id = $1`,
    [userId],
  );
}
