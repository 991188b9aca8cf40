/**
 * The benchmarks' and the soak's clean-up deletes with foreign keys off (replica mode), so a table
 * it does not name keeps the deleted accounts' rows for ever: the soak once left thousands of
 * dispatch waves and auth sessions behind per run, and each run was slower than the last.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_ACCOUNT_DELETES } from '../../bench/bench-accounts.ts';
import { superuser } from '../support/clients.ts';

let db: pg.Client;

beforeAll(async () => {
  db = await superuser();
});

afterAll(async () => {
  await db.end();
});

const deletedTables = BENCH_ACCOUNT_DELETES.map((sql) => {
  const table = /^delete from (\S+)/.exec(sql)?.[1];
  if (!table) throw new Error(`not a delete: ${sql}`);
  return table;
});

describe('deleteBenchAccounts', () => {
  it('deletes from every table with a foreign key to a table it deletes from, before that table', async () => {
    const { rows } = await db.query<{ child: string; parent: string }>(
      `select distinct c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
         from pg_constraint c
        where c.contype = 'f' and c.conrelid <> c.confrelid
          and c.connamespace in ('public'::regnamespace, 'private'::regnamespace, 'auth'::regnamespace)`,
    );
    const qualified = (name: string): string => (name.includes('.') ? name : `public.${name}`);
    const order = deletedTables;
    const missing: string[] = [];
    for (const { child, parent } of rows) {
      const parentAt = order.indexOf(qualified(parent));
      if (parentAt < 0) continue;
      const childAt = order.indexOf(qualified(child));
      if (childAt < 0 || childAt > parentAt) missing.push(`${qualified(child)} (references ${qualified(parent)})`);
    }
    expect(missing).toEqual([]);
  });
});
