/**
 * The migrations apply cleanly to empty databases with the real CLI's `db push`, twice from
 * scratch give the same schema, and a second push finds nothing to do.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSupabase } from '../../scripts/gen-types.ts';
import { config, DB_PASSWORD, dbUrl, projectRoot } from '../../stack/src/config.ts';
import { createScratchDatabase } from '../../stack/src/postgres/scratch.ts';
import { superuser } from '../support/clients.ts';

const bootstrapSql = readFileSync(path.join(projectRoot, 'stack', 'src', 'postgres', 'bootstrap.sql'), 'utf8');
const suffix = randomUUID().slice(0, 8);
const databases = [`migrations_test_${suffix}_a`, `migrations_test_${suffix}_b`];
const urlOf = (db: string): string => `postgresql://postgres:${DB_PASSWORD}@${config.host}:${config.dbPort}/${db}`;

function pgDump(): string {
  for (const dir of ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin']) {
    if (existsSync(path.join(dir, 'pg_dump'))) return path.join(dir, 'pg_dump');
  }
  return 'pg_dump';
}

function schemaOf(db: string): string {
  const result = spawnSync(pgDump(), ['--schema-only', '--no-owner', '--dbname', urlOf(db)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`pg_dump ${db} failed:\n${result.stderr}`);
  // pg_dump 15.14+/17.6+ brackets the dump with \restrict <random key> lines.
  return result.stdout
    .split('\n')
    .filter((line) => !/^\\(un)?restrict\b/.test(line))
    .join('\n');
}

function push(db: string): string {
  const { stdout, stderr } = runSupabase(['db', 'push', '--db-url', urlOf(db), '--yes']);
  return `${stdout}${stderr}`;
}

describe('migrations', () => {
  let admin: pg.Client;

  beforeAll(async () => {
    admin = await superuser();
    for (const db of databases) {
      // With pg_cron already there, which refuses to be created in any database but the stack's own.
      await createScratchDatabase(dbUrl(), db);
      const client = new pg.Client({ connectionString: urlOf(db) });
      await client.connect();
      try {
        await client.query(bootstrapSql);
      } finally {
        await client.end();
      }
    }
  });

  afterAll(async () => {
    for (const db of databases) await admin.query(`drop database if exists "${db}" with (force)`);
    await admin.end();
  });

  it('apply to two empty databases with `supabase db push` and give identical schemas', () => {
    const outputs = databases.map(push);
    for (const output of outputs) {
      expect(output).toMatch(/Applying migration 20261121100000_private_schema\.sql/);
      expect(output).not.toMatch(/Seeding data/);
    }
    const [a, b] = databases.map(schemaOf) as [string, string];
    expect(a).toContain('CREATE TABLE public.shifts');
    expect(a).toContain('CREATE POLICY "Companies can view their own row"');
    expect(a.length).toBeGreaterThan(10_000);
    expect(b).toBe(a);
  }, 120_000);

  it('a second push finds the database up to date', () => {
    const output = push(databases[0] as string);
    expect(output).toMatch(/(Local|Remote) database is up to date/);
    expect(output).not.toMatch(/Applying migration/);
  }, 60_000);

  it('records every migration version the way hosted projects do', async () => {
    const client = new pg.Client({ connectionString: urlOf(databases[1] as string) });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      const local = readdirSync(path.join(projectRoot, 'supabase', 'migrations'))
        .map((f) => /^(\d+)_/.exec(f)?.[1])
        .filter((v): v is string => Boolean(v))
        .sort();
      expect(rows.map((r) => r.version)).toEqual(local);
      const { rows: seeded } = await client.query<{ n: number }>('select count(*)::int as n from public.companies');
      expect(seeded[0]?.n).toBe(0);
    } finally {
      await client.end();
    }
  });
});
