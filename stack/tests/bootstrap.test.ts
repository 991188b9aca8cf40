/**
 * The bootstrap runs at every `npm run stack`, on databases the migrations have already shaped:
 * running it again must not change a single privilege the migrations granted or revoked.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { superuser } from '../../tests/support/clients.ts';

const bootstrapSql = readFileSync(new URL('../src/postgres/bootstrap.sql', import.meta.url), 'utf8');

const PRIVILEGES = `
  select 'table' as kind, c.relname as object, c.relacl::text as acl
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public'
  union all
  select 'column', c.relname || '.' || a.attname, a.attacl::text
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and a.attnum > 0 and a.attacl is not null
  union all
  select 'function', p.oid::regprocedure::text, p.proacl::text
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = 'public'
  order by 1, 2`;

describe('bootstrap', () => {
  it('leaves every privilege of the migrated schema as it was when it runs again', async () => {
    const db = await superuser();
    try {
      const before = (await db.query(PRIVILEGES)).rows;
      expect(before.length).toBeGreaterThan(0);
      await db.query(bootstrapSql);
      const after = (await db.query(PRIVILEGES)).rows;
      expect(after).toEqual(before);
    } finally {
      await db.end();
    }
  });
});
