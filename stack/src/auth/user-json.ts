/**
 * The user and identity objects exactly as GoTrue serialises them (field order, omitted empties,
 * RFC 3339 timestamps with trimmed fractions like Go's time.RFC3339Nano).
 */

/** A row of auth.users as the repository selects it: timestamps already ISO strings in UTC. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  phone_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  phone_change: string | null;
  phone_change_sent_at: string | null;
  reauthentication_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  banned_until: string | null;
  created_at: string | null;
  updated_at: string | null;
  deleted_at: string | null;
  is_anonymous: boolean;
  /** Computed: banned_until lies in the future. */
  is_banned: boolean;
  /** Computed: a password hash is stored. */
  has_password: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

export type Json = Record<string, unknown>;

/** Postgres `YYYY-MM-DDTHH:MI:SS.US` + Z with Go's trimming of trailing zeros. */
export function goTimestamp(value: string | null): string | null {
  if (value === null) return null;
  return value.replace(/(\.\d*?)0+Z$/, '$1Z').replace(/\.Z$/, 'Z');
}

export const DEFAULT_AUD = 'authenticated';
export const DEFAULT_ROLE = 'authenticated';

export function identityJson(identity: IdentityRow): Json {
  const out: Json = {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
  };
  if (identity.last_sign_in_at) out.last_sign_in_at = goTimestamp(identity.last_sign_in_at);
  out.created_at = goTimestamp(identity.created_at);
  out.updated_at = goTimestamp(identity.updated_at);
  if (identity.email) out.email = identity.email;
  return out;
}

export function userJson(user: UserRow, identities: IdentityRow[]): Json {
  const out: Json = {
    id: user.id,
    aud: user.aud || DEFAULT_AUD,
    role: user.role || DEFAULT_ROLE,
    email: user.email ?? '',
  };
  const optional = (key: string, value: string | null): void => {
    if (value) out[key] = goTimestamp(value);
  };
  optional('email_confirmed_at', user.email_confirmed_at);
  optional('invited_at', user.invited_at);
  out.phone = user.phone ?? '';
  optional('phone_confirmed_at', user.phone_confirmed_at);
  optional('confirmation_sent_at', user.confirmation_sent_at);
  optional('confirmed_at', user.confirmed_at);
  optional('recovery_sent_at', user.recovery_sent_at);
  if (user.email_change) out.new_email = user.email_change;
  optional('email_change_sent_at', user.email_change_sent_at);
  if (user.phone_change) out.new_phone = user.phone_change;
  optional('phone_change_sent_at', user.phone_change_sent_at);
  optional('reauthentication_sent_at', user.reauthentication_sent_at);
  optional('last_sign_in_at', user.last_sign_in_at);
  out.app_metadata = user.raw_app_meta_data ?? {};
  out.user_metadata = user.raw_user_meta_data ?? {};
  out.identities = identities.map(identityJson);
  optional('banned_until', user.banned_until);
  out.created_at = goTimestamp(user.created_at);
  out.updated_at = goTimestamp(user.updated_at);
  optional('deleted_at', user.deleted_at);
  out.is_anonymous = user.is_anonymous;
  return out;
}

/**
 * Merges metadata the way GoTrue does: top-level keys replace, a null value removes the key.
 */
export function mergeMetadata(current: Json | null, updates: Json): Json {
  const merged: Json = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
