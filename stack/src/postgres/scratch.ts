/**
 * Scratch databases for tooling that applies the migrations to an empty database beside the
 * stack's own (the schema snapshot, the migrations test).
 *
 * pg_cron lives in one database per cluster, `cron.database_name` (`postgres`, as on hosted
 * projects), and its install script refuses any other database but `contrib_regression`, the name
 * PostgreSQL's extension regression tests use. So the migration that creates it as Supabase
 * documents (`create extension if not exists pg_cron`) could not apply to a scratch database. A
 * scratch database is therefore cloned from a template named `contrib_regression` that already has
 * pg_cron: the migration's `if not exists` finds it, and jobs scheduled there are recorded but never
 * run (the scheduler reads only `cron.database_name`'s jobs).
 */
import pg from 'pg';

export const CRON_TEMPLATE_DB = 'contrib_regression';
/** Serializes template set-up and cloning: a template with a session open cannot be cloned. */
const LOCK_KEY = 0x63726f6e; // 'cron'

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

function urlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates `database` (empty but for pg_cron) on the cluster `adminUrl` points at, as its superuser. */
export async function createScratchDatabase(adminUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [CRON_TEMPLATE_DB]);
    if (exists.rowCount === 0) await admin.query(`create database ${quote(CRON_TEMPLATE_DB)}`);
    const template = new pg.Client({ connectionString: urlFor(adminUrl, CRON_TEMPLATE_DB) });
    await template.connect();
    try {
      await template.query('create extension if not exists pg_cron with schema pg_catalog');
    } finally {
      await template.end();
    }
    await admin.query(`create database ${quote(database)} template ${quote(CRON_TEMPLATE_DB)}`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}
