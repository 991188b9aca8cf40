/**
 * The schema cache under DDL of other sessions: tables with identity columns created and dropped in
 * a loop while requests call functions made a moment before (a miss forces a reload). A reload that
 * meets a table dropped during its catalog queries must not turn into a 5xx: it found the identity's
 * sequence by the table's name once, and "relation … does not exist" reached a client as a 500.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, superuser } from '../../tests/support/clients.ts';
import { prefix } from './rest-support.ts';

const p = prefix('race');
let ddl: pg.Client;
let db: pg.Client;
const made: string[] = [];

beforeAll(async () => {
  [ddl, db] = await Promise.all([superuser(), superuser()]);
});

afterAll(async () => {
  for (const name of made) await db.query(`drop function if exists public.${name}()`);
  await db.query(`drop table if exists public.${p}_churn`);
  await Promise.all([ddl.end(), db.end()]);
});

describe('schema cache reloads during other sessions’ DDL', () => {
  it('answers every call of a function created a moment before, while tables come and go', async () => {
    let churning = true;
    const churn = (async () => {
      while (churning) {
        await ddl.query(`create table public.${p}_churn (id int generated always as identity primary key, note text)`);
        await ddl.query(`drop table public.${p}_churn`);
      }
    })();
    const statuses: string[] = [];
    try {
      for (let i = 0; i < 40; i += 1) {
        const name = `${p}_fn_${i}`;
        await db.query(`create function public.${name}() returns int language sql as $$ select ${i} $$`);
        made.push(name);
        const { data, error, status } = await serviceClient().rpc(name);
        statuses.push(error ? `${status} ${error.message}` : `${status} ${String(data)}`);
      }
    } finally {
      churning = false;
      await churn;
    }
    expect(statuses).toEqual(Array.from({ length: 40 }, (_, i) => `200 ${i}`));
  });
});
