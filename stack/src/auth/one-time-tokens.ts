/**
 * The one-time tokens behind emailed links and codes, stored as GoTrue stores them: in auth.users'
 * token columns, as the SHA-224 hex of the address followed by the code (GoTrue's
 * GenerateTokenHash), with the time the email was sent. The link carries the hash (token_hash);
 * a typed 6-digit code is hashed with the address to find the same row. A token is cleared when
 * used (single use) and refused once `otp_expiry` seconds have passed since it was sent.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Db } from './db.ts';

export type TokenKind = 'confirmation' | 'recovery' | 'email_change_new' | 'email_change_current' | 'reauthentication';

const COLUMNS: Record<TokenKind, { token: string; sentAt: string }> = {
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change_new: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  email_change_current: { token: 'email_change_token_current', sentAt: 'email_change_sent_at' },
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
};

export function tokenHash(address: string, code: string): string {
  return createHash('sha224').update(`${address.toLowerCase()}${code}`).digest('hex');
}

export function newCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

export interface IssuedToken {
  code: string;
  hash: string;
}

/** A fresh code for `kind`, replacing any earlier one (an older link stops working). */
export async function issueToken(
  db: Db,
  userId: string,
  kind: TokenKind,
  address: string,
  codeLength: number,
): Promise<IssuedToken> {
  const code = newCode(codeLength);
  const hash = tokenHash(address, code);
  const { token, sentAt } = COLUMNS[kind];
  await db.query(`update auth.users set ${token} = $2, ${sentAt} = now(), updated_at = now() where id = $1`, [
    userId,
    hash,
  ]);
  return { code, hash };
}

export interface TokenMatch {
  userId: string;
  kind: TokenKind;
  /** Seconds since the email was sent. */
  ageSeconds: number;
}

/** The user whose stored token of one of `kinds` is `hash`, locked for the change that uses it. */
export async function findToken(db: Db, kinds: readonly TokenKind[], hash: string): Promise<TokenMatch | null> {
  if (hash === '') return null;
  for (const kind of kinds) {
    const { token, sentAt } = COLUMNS[kind];
    const { rows } = await db.query<{ id: string; age: number }>(
      `select id, extract(epoch from now() - coalesce(${sentAt}, '-infinity'))::float8 as age
         from auth.users where ${token} = $1 and deleted_at is null limit 1 for update`,
      [hash],
    );
    const row = rows[0];
    if (row) return { userId: row.id, kind, ageSeconds: row.age };
  }
  return null;
}

export async function clearToken(db: Db, userId: string, kind: TokenKind): Promise<void> {
  await db.query(`update auth.users set ${COLUMNS[kind].token} = '' where id = $1`, [userId]);
}
