/**
 * Deleting the accounts a benchmark or the soak generated, and everything that hangs off them. Bulk
 * data is loaded with session_replication_role = replica (no fan-out triggers), so it is removed the
 * same way; that mode also skips foreign-key cascades, hence one delete per table, children first.
 * It also lifts the append-only guard of the shift history and the join log, which keep rows of
 * real deleted accounts on purpose but have no business keeping generated ones.
 */
import type pg from 'pg';

export type BenchAccounts = { emailLike: string } | { ids: string[] };

export async function deleteBenchAccounts(db: pg.Client, accounts: BenchAccounts): Promise<void> {
  await db.query('set session_replication_role = replica');
  try {
    await db.query('drop table if exists pg_temp.bench_accounts');
    if ('ids' in accounts) {
      await db.query('create temp table bench_accounts as select unnest($1::uuid[]) as id', [accounts.ids]);
    } else {
      await db.query('create temp table bench_accounts as select id from auth.users where email like $1', [
        accounts.emailLike,
      ]);
    }
    await db.query('alter table pg_temp.bench_accounts add primary key (id)');
    await db.query('analyze pg_temp.bench_accounts');
    for (const sql of BENCH_ACCOUNT_DELETES) {
      await db.query(sql);
    }
    await db.query('drop table pg_temp.bench_accounts');
  } finally {
    await db.query('set session_replication_role = origin');
  }
}

/**
 * One delete per table that holds rows of the accounts, children before parents. Every table with a
 * foreign key to a table deleted here must be in the list (bench-accounts.test.ts reads the
 * catalogue): replica mode would otherwise leave its rows behind, orphaned, run after run.
 */
export const BENCH_ACCOUNT_DELETES: readonly string[] = [
  'delete from public.shift_events e using bench_accounts u where e.company_id = u.id',
  'delete from public.join_attempts j using bench_accounts u where j.staff_id = u.id',
  'delete from public.feedback_responses f using bench_accounts u where f.company_id = u.id',
  'delete from public.ai_usage a using bench_accounts u where a.company_id = u.id',
  'delete from public.notifications n using bench_accounts u where n.company_id = u.id or n.staff_id = u.id',
  'delete from public.no_shows n using bench_accounts u where n.company_id = u.id or n.staff_id = u.id',
  'delete from public.staff_pushes p using bench_accounts u where p.company_id = u.id or p.staff_id = u.id',
  'delete from public.credential_reminders c using bench_accounts u where c.company_id = u.id or c.staff_id = u.id',
  'delete from public.staff_credentials c using bench_accounts u where c.company_id = u.id or c.staff_id = u.id',
  'delete from public.staff_type_requirements r using bench_accounts u where r.company_id = u.id',
  'delete from public.staff_type_coverage c using bench_accounts u where c.company_id = u.id',
  'delete from public.staff_time_off t using bench_accounts u where t.staff_id = u.id',
  'delete from public.staff_invites i using bench_accounts u where i.company_id = u.id',
  'delete from public.shift_wave_recipients r using bench_accounts u where r.company_id = u.id or r.staff_id = u.id',
  'delete from public.shift_waves w using bench_accounts u where w.company_id = u.id',
  'delete from public.web_push_subscriptions w using bench_accounts u where w.staff_id = u.id',
  'delete from private.assistant_reservations r using bench_accounts u where r.company_id = u.id',
  'delete from public.shifts s using bench_accounts u where s.company_id = u.id',
  'delete from public.employments e using bench_accounts u where e.staff_id = u.id or e.company_id = u.id',
  'delete from public.staff s using bench_accounts u where s.id = u.id',
  'delete from public.companies c using bench_accounts u where c.id = u.id',
  'delete from auth.refresh_tokens t using bench_accounts u where t.user_id = u.id::text',
  'delete from auth.sessions s using bench_accounts u where s.user_id = u.id',
  'delete from auth.identities i using bench_accounts u where i.user_id = u.id',
  'delete from auth.flow_state f using bench_accounts u where f.user_id = u.id',
  'delete from auth.users a using bench_accounts u where a.id = u.id',
];
