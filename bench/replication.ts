/**
 * After a bulk load, the local Realtime service decodes every inserted row from its logical
 * replication slot; on 2 cores that competes with whatever is timed next. The bulk-data benchmarks
 * wait for it to catch up first.
 */
import type pg from 'pg';

/** Waits until every active logical replication slot has consumed the WAL written so far. */
export async function waitForReplication(db: pg.Client, timeoutMs = 240_000): Promise<void> {
  const {
    rows: [target],
  } = await db.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ behind: boolean }>(
      `select coalesce(bool_or(confirmed_flush_lsn < $1::pg_lsn), false) as behind
       from pg_replication_slots where active and slot_type = 'logical'`,
      [target?.lsn],
    );
    if (!rows[0]?.behind || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}
