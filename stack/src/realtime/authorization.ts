/**
 * Realtime Authorization for private channels, as hosted Realtime does it: in a transaction that is
 * always rolled back, rows for the channel's topic are inserted into realtime.messages as the
 * database owner and read back as the client's role with its claims and `realtime.topic` set (read
 * permission, per extension); then the client's role inserts rows itself (write permission). RLS
 * policies on realtime.messages decide both.
 */
import type pg from 'pg';
import type { Claims } from './auth.ts';

export type Extension = 'broadcast' | 'presence';

export interface ChannelPermissions {
  read: Record<Extension, boolean>;
  write: Record<Extension, boolean>;
}

const EXTENSIONS: Extension[] = ['broadcast', 'presence'];
const ALL = { broadcast: true, presence: true };

/** Hosted Realtime's join refusal for a private topic the client may not read. */
export const unauthorizedRead = (topic: string): string =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;

/** A public channel: no policy applies. */
export const PUBLIC_PERMISSIONS: ChannelPermissions = { read: { ...ALL }, write: { ...ALL } };

export const NO_PERMISSIONS: ChannelPermissions = {
  read: { broadcast: false, presence: false },
  write: { broadcast: false, presence: false },
};

export async function authorizeChannel(pool: pg.Pool, claims: Claims, topic: string): Promise<ChannelPermissions> {
  // The service role bypasses RLS on Supabase, so it may do anything on any channel.
  if (claims.role === 'service_role') return { read: { ...ALL }, write: { ...ALL } };
  const client = await pool.connect();
  try {
    await client.query('begin');
    const inserted = await client.query<{ id: string }>(
      `insert into realtime.messages (topic, extension, private)
         select $1, e, true from unnest($2::text[]) e returning id`,
      [topic, EXTENSIONS],
    );
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('realtime.topic', $3, true)`,
      [claims.role, JSON.stringify(claims), topic],
    );
    const read = { broadcast: false, presence: false };
    const visible = await client.query<{ extension: Extension }>(
      'select extension from realtime.messages where id = any($1::uuid[])',
      [inserted.rows.map((r) => r.id)],
    );
    for (const row of visible.rows) read[row.extension] = true;
    const write = { broadcast: false, presence: false };
    for (const extension of EXTENSIONS) {
      await client.query('savepoint write_check');
      try {
        await client.query(`insert into realtime.messages (topic, extension, private) values ($1, $2, true)`, [
          topic,
          extension,
        ]);
        write[extension] = true;
      } catch {
        // A policy refused it (42501): no write permission for this extension.
      }
      await client.query('rollback to savepoint write_check');
    }
    return { read, write };
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
